"""Rich display: what a notebook receives for games, positions, thermographs, sums and
tables (HTML carries the SVG, since nbconvert prefers text/html)."""

import re
import xml.etree.ElementTree as ET

import cgt

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def shapes(svg):
    return [el.tag.removeprefix(SVG) for el in parse(svg).iter()]


def test_a_game_shows_its_value_as_html_and_latex():
    g = cgt.game("{1|-1}") + cgt.up
    assert g._repr_html_() == '<code class="cgt-value">{1↑|-1↑}</code>'
    assert g._repr_svg_() is None  # a game tree is drawn on request only
    assert g._repr_latex_().startswith("$") and "\\uparrow" in g._repr_latex_()


def test_a_game_tree_is_an_svg_with_nodes_and_edges():
    tree = cgt.game("{2|*}").tree()
    kinds = shapes(tree.svg)
    assert kinds[0] == "svg" and ("line" in kinds or "path" in kinds)
    assert tree.svg in tree._repr_html_()


def test_a_board_is_drawn_with_one_rect_per_cell():
    board = cgt.domineering("..|..")
    svg = board._repr_svg_()
    assert shapes(svg).count("rect") >= 4
    html = board._repr_html_()
    assert svg in html and "= ±1" in html
    assert board._repr_latex_() == "$\\pm 1$"


def test_a_thermograph_is_a_plot():
    t = cgt.game("{3||2*|1*}").thermograph()
    kinds = shapes(t._repr_svg_())
    assert {"line", "polyline", "path"} & set(kinds)
    assert t._repr_svg_() in t._repr_html_()


def test_a_sum_of_positions_is_drawn_side_by_side():
    both = cgt.domineering("..|..") + cgt.toads_and_frogs("T.F")
    svg = both._repr_svg_()
    assert svg is not None and "+" in "".join(parse(svg).itertext())
    assert "= " in both._repr_html_()


def test_tables_are_html_with_pictures_in_cells():
    rows = [[n, cgt.kayles(n), cgt.kayles(n).grundy] for n in range(1, 5)]
    html = cgt.Table(rows, ["n", "position", "Grundy value"])._repr_html_()
    assert html.startswith('<table class="cgt-table">') and html.count("<tr>") == 5
    assert html.count("<svg") == 4 and "<th>Grundy value</th>" in html
    t = cgt.table("grundy(kayles(x))", range(6), ["n", "G(n)"])
    assert [r[1] for r in t.rows] == [0, 1, 2, 3, 1, 4]
    assert re.search(r"<td><code[^>]*>4</code></td>", t._repr_html_())
