# Type stubs for editors: the public API of the module `cgt`.
from fractions import Fraction
from typing import Any, Callable, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

__version__: str

Number = Union[int, Fraction]
GameLike = Union["Game", int, Fraction]

class CgtError(ValueError):
    message: str
    span: Tuple[int, int]
    help: Optional[str]
    source_name: str
    report: str
    outputs: list
    lines: list

class Session:
    ascii: bool
    threads: int
    @property
    def memory(self) -> int: ...
    @memory.setter
    def memory(self, size: Union[int, str, None]) -> None: ...
    def __init__(
        self, ascii: bool = ..., threads: Optional[int] = ..., memory: Union[int, str, None] = ...
    ) -> None: ...
    def eval(self, source: str) -> List[Any]: ...
    def value(self, expression: str) -> Any: ...
    def run(self, source: str) -> Tuple[List[Any], List[str]]: ...
    def __getitem__(self, name: str) -> Any: ...
    def __setitem__(self, name: str, value: Any) -> None: ...
    def completions(self, prefix: str) -> List[str]: ...
    def interrupt(self) -> None: ...
    def reset(self) -> None: ...

class WinningMoves(NamedTuple):
    left: List[str]
    right: List[str]

class Picture:
    svg: str
    tikz: Optional[str]
    def __init__(self, svg: str, tikz: Optional[str] = ...) -> None: ...
    def _repr_svg_(self) -> str: ...
    def _repr_html_(self) -> str: ...

class Value:
    kind: str
    @property
    def unicode(self) -> str: ...
    @property
    def ascii(self) -> str: ...
    def text(self, ascii: bool = ..., limit: Optional[int] = ...) -> str: ...
    def __call__(self, *args: Any) -> Any: ...
    def picture(self) -> Optional[Picture]: ...
    def _repr_html_(self) -> str: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def _repr_latex_(self) -> Optional[str]: ...

class Game(Value, _GameMethods):
    def __add__(self, other: GameLike) -> Game: ...
    def __radd__(self, other: GameLike) -> Game: ...
    def __sub__(self, other: GameLike) -> Game: ...
    def __rsub__(self, other: GameLike) -> Game: ...
    def __mul__(self, other: GameLike) -> Game: ...
    def __rmul__(self, other: GameLike) -> Game: ...
    def __neg__(self) -> Game: ...
    def __pos__(self) -> Game: ...
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __le__(self, other: GameLike) -> bool: ...
    def __lt__(self, other: GameLike) -> bool: ...
    def __ge__(self, other: GameLike) -> bool: ...
    def __gt__(self, other: GameLike) -> bool: ...
    def __hash__(self) -> int: ...
    def __int__(self) -> int: ...
    def __float__(self) -> float: ...
    def confused_with(self, other: GameLike) -> bool: ...
    def fuzzy(self, other: GameLike) -> bool: ...
    @property
    def outcome(self) -> str: ...
    @property
    def canonical_form(self) -> Game: ...
    @property
    def left_options(self) -> List[Game]: ...
    @property
    def right_options(self) -> List[Game]: ...
    @property
    def temperature(self) -> Number: ...
    @property
    def mean(self) -> Number: ...
    @property
    def left_stop(self) -> Number: ...
    @property
    def right_stop(self) -> Number: ...
    @property
    def birthday(self) -> int: ...
    @property
    def atomic_weight(self) -> Any: ...
    @property
    def reduced_canonical_form(self) -> Game: ...
    @property
    def is_number(self) -> bool: ...
    @property
    def is_nimber(self) -> bool: ...
    @property
    def is_infinitesimal(self) -> bool: ...
    @property
    def is_all_small(self) -> bool: ...
    @property
    def nim_value(self) -> int: ...
    @property
    def winning_moves(self) -> Union[List[str], WinningMoves]: ...
    def thermograph(self) -> Thermograph: ...
    def tree(self) -> Picture: ...
    def explain(self) -> str: ...
    def latex(self) -> str: ...

class Position(Game):
    @property
    def position(self) -> Any: ...
    @property
    def left_moves(self) -> List[Position]: ...
    @property
    def right_moves(self) -> List[Position]: ...
    @property
    def grundy(self) -> int: ...

class Number(Game):
    @property
    def numerator(self) -> int: ...
    @property
    def denominator(self) -> int: ...

class Thermograph(Value): ...

class Failed(NamedTuple):
    input: Any
    error: str

class Table:
    rows: List[List[Any]]
    header: Optional[List[str]]
    def __init__(self, rows: Iterable[Sequence[Any]], header: Optional[Sequence[str]] = ...) -> None: ...
    def _repr_html_(self) -> str: ...

def table(function: Union[str, Callable[[Any], Any]], inputs: Iterable[Any], header: Optional[Sequence[str]] = ...) -> Table: ...
def sweep(
    work: Union[str, Callable[[Any], Any]],
    inputs: Iterable[Any],
    client: Optional[Any] = ...,
    batch_size: Optional[int] = ...,
    errors: str = ...,
    progress: Any = ...,
) -> List[Any]: ...
def default_session() -> Session: ...
def default_memory() -> Tuple[int, str]: ...
def game(x: Union[str, GameLike]) -> Game: ...
def value(source: str) -> Any: ...
def eval(source: str) -> List[Any]: ...
def star(n: int = ...) -> Game: ...
def number(x: Number) -> Game: ...
def as_game(x: Any, session: Optional[Session] = ...) -> Game: ...

up: Game
down: Game
zero: Game

# Every cgt built-in is a function of the module (cgt.kayles(7), cgt.domineering("..|..")).
def domineering(*args: Any) -> Position: ...
def cram(*args: Any) -> Position: ...
def clobber(*args: Any) -> Position: ...
def hackenbush(*args: Any) -> Position: ...
def toads_and_frogs(*args: Any) -> Position: ...
def kayles(*args: Any) -> Position: ...
def nim(*args: Any) -> Position: ...
def dawsons_kayles(*args: Any) -> Position: ...
def octal(*args: Any) -> Value: ...
def subtraction(*args: Any) -> Value: ...
def partizan_game(*args: Any) -> Value: ...
def impartial_game(*args: Any) -> Value: ...
# --- generated from the built-ins' documentation: UPDATE_STUBS=1 pytest python/tests/test_stubs.py ---
class _GameMethods:
    def Miny(self, *args: Any) -> Any: ...  # Miny(g)
    def Tiny(self, *args: Any) -> Any: ...  # Tiny(g)
    def adjoint(self, *args: Any) -> Any: ...  # adjoint(g)
    def cell(self, *args: Any) -> Any: ...  # cell(g, r, c)
    def cells(self, *args: Any) -> Any: ...  # cells(g, v)
    def companion(self, *args: Any) -> Any: ...  # companion(g)
    def conjugate(self, *args: Any) -> Any: ...  # conjugate(g)
    def conjunctive_sum(self, *args: Any) -> Any: ...  # conjunctive_sum(g, h)
    def conway_product(self, *args: Any) -> Any: ...  # conway_product(g, h)
    def cool(self, *args: Any) -> Any: ...  # cool(g, t)
    def degree(self, *args: Any) -> Any: ...  # degree(g)
    def distinguisher(self, *args: Any) -> Any: ...  # distinguisher(g, h)
    def downsum(self, *args: Any) -> Any: ...  # downsum(g, h)
    def downsum_variety(self, *args: Any) -> Any: ...  # downsum_variety(g, d)
    def flip(self, *args: Any) -> Any: ...  # flip(g)
    def follower_count(self, *args: Any) -> Any: ...  # follower_count(g)
    def followers(self, *args: Any) -> Any: ...  # followers(g)
    def freeze(self, *args: Any) -> Any: ...  # freeze(g)
    def game_form(self, *args: Any) -> Any: ...  # game_form(g)
    def genus(self, *args: Any) -> Any: ...  # genus(g, full)
    def grid_columns(self, *args: Any) -> Any: ...  # grid_columns(g)
    def grid_regions(self, *args: Any) -> Any: ...  # grid_regions(g, blank, directions)
    def grid_rows(self, *args: Any) -> Any: ...  # grid_rows(g)
    def heat(self, *args: Any) -> Any: ...  # heat(g, t)
    def incentives(self, *args: Any) -> Any: ...  # incentives(g)
    def is_atomic(self, *args: Any) -> Any: ...  # is_atomic(g)
    def is_dead_ending(self, *args: Any) -> Any: ...  # is_dead_ending(g)
    def is_dicot(self, *args: Any) -> Any: ...  # is_dicot(g)
    def is_even(self, *args: Any) -> Any: ...  # is_even(g)
    def is_even_tempered(self, *args: Any) -> Any: ...  # is_even_tempered(g)
    def is_extraverted(self, *args: Any) -> Any: ...  # is_extraverted(g)
    def is_generally_restive(self, *args: Any) -> Any: ...  # is_generally_restive(g)
    def is_generally_tame(self, *args: Any) -> Any: ...  # is_generally_tame(g)
    def is_half_tame(self, *args: Any) -> Any: ...  # is_half_tame(g)
    def is_idempotent(self, *args: Any) -> Any: ...  # is_idempotent(g)
    def is_integer(self, *args: Any) -> Any: ...  # is_integer(g)
    def is_introverted(self, *args: Any) -> Any: ...  # is_introverted(g)
    def is_invertible(self, *args: Any) -> Any: ...  # is_invertible(g, universe)
    def is_linked_to(self, *args: Any) -> Any: ...  # is_linked_to(g, h)
    def is_loopfree(self, *args: Any) -> Any: ...  # is_loopfree(g)
    def is_nim_heap(self, *args: Any) -> Any: ...  # is_nim_heap(g)
    def is_number_tiny(self, *args: Any) -> Any: ...  # is_number_tiny(g)
    def is_numberish(self, *args: Any) -> Any: ...  # is_numberish(g)
    def is_odd(self, *args: Any) -> Any: ...  # is_odd(g)
    def is_odd_tempered(self, *args: Any) -> Any: ...  # is_odd_tempered(g)
    def is_ordinal(self, *args: Any) -> Any: ...  # is_ordinal(g)
    def is_plumtree(self, *args: Any) -> Any: ...  # is_plumtree(g)
    def is_prime(self, *args: Any) -> Any: ...  # is_prime(g)
    def is_pseudonumber(self, *args: Any) -> Any: ...  # is_pseudonumber(g)
    def is_restive(self, *args: Any) -> Any: ...  # is_restive(g)
    def is_restless(self, *args: Any) -> Any: ...  # is_restless(g)
    def is_stable(self, *args: Any) -> Any: ...  # is_stable(g)
    def is_stopper(self, *args: Any) -> Any: ...  # is_stopper(g)
    def is_stopper_sided(self, *args: Any) -> Any: ...  # is_stopper_sided(g)
    def is_tame(self, *args: Any) -> Any: ...  # is_tame(g)
    def is_tameable(self, *args: Any) -> Any: ...  # is_tameable(g)
    def is_uptimal(self, *args: Any) -> Any: ...  # is_uptimal(g)
    def is_zero(self, *args: Any) -> Any: ...  # is_zero(g)
    def left_incentives(self, *args: Any) -> Any: ...  # left_incentives(g)
    def link(self, *args: Any) -> Any: ...  # link(g, h)
    def mate(self, *args: Any) -> Any: ...  # mate(g)
    def miny(self, *args: Any) -> Any: ...  # miny(g)
    def mirror(self, *args: Any) -> Any: ...  # mirror(g)
    def misere_birthday(self, *args: Any) -> Any: ...  # misere_birthday(g)
    def misere_canonical_form(self, *args: Any) -> Any: ...  # misere_canonical_form(g, universe)
    def misere_distinguisher(self, *args: Any) -> Any: ...  # misere_distinguisher(g, h, universe)
    def misere_equal(self, *args: Any) -> Any: ...  # misere_equal(g, h, universe)
    def misere_explain(self, *args: Any) -> Any: ...  # misere_explain(g, universe)
    def misere_leq(self, *args: Any) -> Any: ...  # misere_leq(g, h, universe)
    def misere_minus(self, *args: Any) -> Any: ...  # misere_minus(g, h)
    def misere_nim_value(self, *args: Any) -> Any: ...  # misere_nim_value(g)
    def misere_options(self, *args: Any) -> Any: ...  # misere_options(g)
    def misere_outcome(self, *args: Any) -> Any: ...  # misere_outcome(g)
    def misere_winning_moves(self, *args: Any) -> Any: ...  # misere_winning_moves(p)
    def neighbours(self, *args: Any) -> Any: ...  # neighbours(g, r, c, directions)
    def norton_product(self, *args: Any) -> Any: ...  # norton_product(g, u)
    def offside(self, *args: Any) -> Any: ...  # offside(g)
    def onside(self, *args: Any) -> Any: ...  # onside(g)
    def ordinal_product(self, *args: Any) -> Any: ...  # ordinal_product(g, h)
    def ordinal_subordinate(self, *args: Any) -> Any: ...  # ordinal_subordinate(g, b)
    def ordinal_sum(self, *args: Any) -> Any: ...  # ordinal_sum(g, h)
    def overheat(self, *args: Any) -> Any: ...  # overheat(g, s, t)
    def partitions(self, *args: Any) -> Any: ...  # partitions(g)
    def partizan_euclid(self, *args: Any) -> Any: ...  # partizan_euclid(p, q)
    def parts(self, *args: Any) -> Any: ...  # parts(g)
    def phylum(self, *args: Any) -> Any: ...  # phylum(g)
    def pow(self, *args: Any) -> Any: ...  # pow(g, n)
    def pow_to(self, *args: Any) -> Any: ...  # pow_to(g, n)
    def rcf(self, *args: Any) -> Any: ...  # rcf(g)
    def right_incentives(self, *args: Any) -> Any: ...  # right_incentives(g)
    def selective_sum(self, *args: Any) -> Any: ...  # selective_sum(g, h)
    def set_cell(self, *args: Any) -> Any: ...  # set_cell(g, r, c, v)
    def solve(self, *args: Any) -> Any: ...  # solve(g, limit, database)
    def stop_count(self, *args: Any) -> Any: ...  # stop_count(g)
    def strategy(self, *args: Any) -> Any: ...  # strategy(g, first, file)
    def tiny(self, *args: Any) -> Any: ...  # tiny(g)
    def transpose(self, *args: Any) -> Any: ...  # transpose(g)
    def upsum(self, *args: Any) -> Any: ...  # upsum(g, h)
    def upsum_variety(self, *args: Any) -> Any: ...  # upsum_variety(g, d)
    def uptimal_expansion(self, *args: Any) -> Any: ...  # uptimal_expansion(g)
    def variety(self, *args: Any) -> Any: ...  # variety(g)

def outcome(*args: Any) -> Any: ...  # outcome(g)
def canonical_form(*args: Any) -> Any: ...  # canonical_form(g)
def left_options(*args: Any) -> Any: ...  # left_options(g)
def right_options(*args: Any) -> Any: ...  # right_options(g)
def is_number(*args: Any) -> Any: ...  # is_number(g)
def is_nimber(*args: Any) -> Any: ...  # is_nimber(g)
def is_infinitesimal(*args: Any) -> Any: ...  # is_infinitesimal(g)
def is_integer(*args: Any) -> Any: ...  # is_integer(g)
def is_zero(*args: Any) -> Any: ...  # is_zero(g)
def birthday(*args: Any) -> Any: ...  # birthday(g)
def left_stop(*args: Any) -> Any: ...  # left_stop(g)
def right_stop(*args: Any) -> Any: ...  # right_stop(g)
def mean(*args: Any) -> Any: ...  # mean(g)
def temperature(*args: Any) -> Any: ...  # temperature(g)
def stop_count(*args: Any) -> Any: ...  # stop_count(g)
def thermograph(*args: Any) -> Any: ...  # thermograph(g)
def plot(*args: Any) -> Any: ...  # plot(t)
def svg(*args: Any) -> Any: ...  # svg(x, file, options)
def latex(*args: Any) -> Any: ...  # latex(x)
def cool(*args: Any) -> Any: ...  # cool(g, t)
def heat(*args: Any) -> Any: ...  # heat(g, t)
def overheat(*args: Any) -> Any: ...  # overheat(g, s, t)
def freeze(*args: Any) -> Any: ...  # freeze(g)
def incentives(*args: Any) -> Any: ...  # incentives(g)
def left_incentives(*args: Any) -> Any: ...  # left_incentives(g)
def right_incentives(*args: Any) -> Any: ...  # right_incentives(g)
def atomic_weight(*args: Any) -> Any: ...  # atomic_weight(g)
def reduced_canonical_form(*args: Any) -> Any: ...  # reduced_canonical_form(g)
def rcf(*args: Any) -> Any: ...  # rcf(g)
def companion(*args: Any) -> Any: ...  # companion(g)
def is_all_small(*args: Any) -> Any: ...  # is_all_small(g)
def is_atomic(*args: Any) -> Any: ...  # is_atomic(g)
def is_even(*args: Any) -> Any: ...  # is_even(g)
def is_odd(*args: Any) -> Any: ...  # is_odd(g)
def is_even_tempered(*args: Any) -> Any: ...  # is_even_tempered(g)
def is_odd_tempered(*args: Any) -> Any: ...  # is_odd_tempered(g)
def is_numberish(*args: Any) -> Any: ...  # is_numberish(g)
def is_number_tiny(*args: Any) -> Any: ...  # is_number_tiny(g)
def is_uptimal(*args: Any) -> Any: ...  # is_uptimal(g)
def uptimal_expansion(*args: Any) -> Any: ...  # uptimal_expansion(g)
def tiny(*args: Any) -> Any: ...  # tiny(g)
def miny(*args: Any) -> Any: ...  # miny(g)
def Tiny(*args: Any) -> Any: ...  # Tiny(g)
def Miny(*args: Any) -> Any: ...  # Miny(g)
def pow(*args: Any) -> Any: ...  # pow(g, n)
def pow_to(*args: Any) -> Any: ...  # pow_to(g, n)
def ordinal_sum(*args: Any) -> Any: ...  # ordinal_sum(g, h)
def ordinal_subordinate(*args: Any) -> Any: ...  # ordinal_subordinate(g, b)
def conjunctive_sum(*args: Any) -> Any: ...  # conjunctive_sum(g, h)
def selective_sum(*args: Any) -> Any: ...  # selective_sum(g, h)
def ordinal_product(*args: Any) -> Any: ...  # ordinal_product(g, h)
def norton_product(*args: Any) -> Any: ...  # norton_product(g, u)
def conway_product(*args: Any) -> Any: ...  # conway_product(g, h)
def followers(*args: Any) -> Any: ...  # followers(g)
def follower_count(*args: Any) -> Any: ...  # follower_count(g)
def misere_outcome(*args: Any) -> Any: ...  # misere_outcome(g)
def misere_canonical_form(*args: Any) -> Any: ...  # misere_canonical_form(g, universe)
def misere_equal(*args: Any) -> Any: ...  # misere_equal(g, h, universe)
def misere_nim_value(*args: Any) -> Any: ...  # misere_nim_value(g)
def genus(*args: Any) -> Any: ...  # genus(g, full)
def is_tame(*args: Any) -> Any: ...  # is_tame(g)
def is_restive(*args: Any) -> Any: ...  # is_restive(g)
def is_restless(*args: Any) -> Any: ...  # is_restless(g)
def misere_quotient(*args: Any) -> Any: ...  # misere_quotient(ruleset, 0..n)
def misere_options(*args: Any) -> Any: ...  # misere_options(g)
def misere_birthday(*args: Any) -> Any: ...  # misere_birthday(g)
def mate(*args: Any) -> Any: ...  # mate(g)
def parts(*args: Any) -> Any: ...  # parts(g)
def partitions(*args: Any) -> Any: ...  # partitions(g)
def is_prime(*args: Any) -> Any: ...  # is_prime(g)
def is_extraverted(*args: Any) -> Any: ...  # is_extraverted(g)
def is_introverted(*args: Any) -> Any: ...  # is_introverted(g)
def is_nim_heap(*args: Any) -> Any: ...  # is_nim_heap(g)
def is_generally_tame(*args: Any) -> Any: ...  # is_generally_tame(g)
def is_generally_restive(*args: Any) -> Any: ...  # is_generally_restive(g)
def is_tameable(*args: Any) -> Any: ...  # is_tameable(g)
def is_half_tame(*args: Any) -> Any: ...  # is_half_tame(g)
def phylum(*args: Any) -> Any: ...  # phylum(g)
def link(*args: Any) -> Any: ...  # link(g, h)
def is_linked_to(*args: Any) -> Any: ...  # is_linked_to(g, h)
def distinguisher(*args: Any) -> Any: ...  # distinguisher(g, h)
def misere_minus(*args: Any) -> Any: ...  # misere_minus(g, h)
def misere_notation(*args: Any) -> Any: ...  # misere_notation(style)
general: Value  # a constant
dicot: Value  # a constant
dead_ending: Value  # a constant
def is_dicot(*args: Any) -> Any: ...  # is_dicot(g)
def is_dead_ending(*args: Any) -> Any: ...  # is_dead_ending(g)
def game_form(*args: Any) -> Any: ...  # game_form(g)
def conjugate(*args: Any) -> Any: ...  # conjugate(g)
def misere_leq(*args: Any) -> Any: ...  # misere_leq(g, h, universe)
def is_invertible(*args: Any) -> Any: ...  # is_invertible(g, universe)
def adjoint(*args: Any) -> Any: ...  # adjoint(g)
def misere_distinguisher(*args: Any) -> Any: ...  # misere_distinguisher(g, h, universe)
def misere_monoid(*args: Any) -> Any: ...  # misere_monoid(games, universe)
def misere_explain(*args: Any) -> Any: ...  # misere_explain(g, universe)
def explain(*args: Any) -> Any: ...  # explain(g)
omega: Value  # a constant
def omega_power(*args: Any) -> Any: ...  # omega_power(a)
def nim_sum(*args: Any) -> Any: ...  # nim_sum(a, b, …)
def mex(*args: Any) -> Any: ...  # mex(list)
def nim_power(*args: Any) -> Any: ...  # nim_power(a, n)
def grundy(*args: Any) -> Any: ...  # grundy(g)
def nim_value(*args: Any) -> Any: ...  # nim_value(g)
def nim_product(*args: Any) -> Any: ...  # nim_product(a, b)
def dawsons_chess(*args: Any) -> Any: ...  # dawsons_chess(n or [heaps])
def grundys_game(*args: Any) -> Any: ...  # grundys_game(n or [heaps])
def pick_up_bricks(*args: Any) -> Any: ...  # pick_up_bricks(n or [heaps])
def subtraction_all_but(*args: Any) -> Any: ...  # subtraction_all_but(set)
def heap_game(*args: Any) -> Any: ...  # heap_game(moves)
def spawning(*args: Any) -> Any: ...  # spawning(code)
def code(*args: Any) -> Any: ...  # code(ruleset)
def nim_values(*args: Any) -> Any: ...  # nim_values(ruleset, range)
def nim_values_to_file(*args: Any) -> Any: ...  # nim_values_to_file(ruleset, last, file)
def nim_values_from_file(*args: Any) -> Any: ...  # nim_values_from_file(file, range)
def pn_table(*args: Any) -> Any: ...  # pn_table(ruleset, range)
def periodic_table(*args: Any) -> Any: ...  # periodic_table(sequence, period, first)
def scatter_plot(*args: Any) -> Any: ...  # scatter_plot(sequence, first)
def period(*args: Any) -> Any: ...  # period(ruleset, heaps?)
def winning_moves(*args: Any) -> Any: ...  # winning_moves(p)
def misere_winning_moves(*args: Any) -> Any: ...  # misere_winning_moves(p)
def staircase_nim(*args: Any) -> Any: ...  # staircase_nim(coins)
def moore_nim(*args: Any) -> Any: ...  # moore_nim(k, heaps)
def nimble(*args: Any) -> Any: ...  # nimble(coins)
def turning_turtles(*args: Any) -> Any: ...  # turning_turtles(row)
def northcott(*args: Any) -> Any: ...  # northcott(width, rows)
def green_hackenbush(*args: Any) -> Any: ...  # green_hackenbush(edges)
def bamboo(*args: Any) -> Any: ...  # bamboo(lengths)
def konane(*args: Any) -> Any: ...  # konane(board)
def amazons(*args: Any) -> Any: ...  # amazons(board)
def toppling_dominoes(*args: Any) -> Any: ...  # toppling_dominoes(row)
def wythoff(*args: Any) -> Any: ...  # wythoff(a, b (or "a, b"))
def arc_kayles(*args: Any) -> Any: ...  # arc_kayles(graph)
def elephants_and_rhinos(*args: Any) -> Any: ...  # elephants_and_rhinos(row)
def hackenbush_graph(*args: Any) -> Any: ...  # hackenbush_graph(edges)
def snort(*args: Any) -> Any: ...  # snort(graph)
def col(*args: Any) -> Any: ...  # col(graph)
def chop(*args: Any) -> Any: ...  # chop(rows, cols)
def cutcake(*args: Any) -> Any: ...  # cutcake(rows, cols)
def chomp(*args: Any) -> Any: ...  # chomp(rows, cols or [row lengths])
def anti_clobber(*args: Any) -> Any: ...  # anti_clobber(board)
def clobber_graph(*args: Any) -> Any: ...  # clobber_graph(graph)
def fission(*args: Any) -> Any: ...  # fission(board)
def ski_jumps(*args: Any) -> Any: ...  # ski_jumps(slope)
def childish_hackenbush(*args: Any) -> Any: ...  # childish_hackenbush(picture)
def fibonacci_nim(*args: Any) -> Any: ...  # fibonacci_nim(n, last (or "n, last"))
def mock_turtles(*args: Any) -> Any: ...  # mock_turtles(row)
def ruler(*args: Any) -> Any: ...  # ruler(row)
def gen_wythoff(*args: Any) -> Any: ...  # gen_wythoff(r, a, b)
def mem(*args: Any) -> Any: ...  # mem(n, memory)
def take_away(*args: Any) -> Any: ...  # take_away(alpha, n, memory)
def partizan_subtraction(*args: Any) -> Any: ...  # partizan_subtraction(left set, right set, heap)
def partizan_splittles(*args: Any) -> Any: ...  # partizan_splittles(left set, right set, heap)
def partizan_octal(*args: Any) -> Any: ...  # partizan_octal(left code, right code, heap)
def gen_clobber(*args: Any) -> Any: ...  # gen_clobber("reach: board")
def eatcake(*args: Any) -> Any: ...  # eatcake(rows, cols)
def maundy_cake(*args: Any) -> Any: ...  # maundy_cake(rows, cols)
def turn_and_eatcake(*args: Any) -> Any: ...  # turn_and_eatcake(rows, cols)
def twisted_cutcake(*args: Any) -> Any: ...  # twisted_cutcake(rows, cols)
def twisted_maundy_cake(*args: Any) -> Any: ...  # twisted_maundy_cake(rows, cols)
def partizan_euclid(*args: Any) -> Any: ...  # partizan_euclid(p, q)
def partizan_arc_kayles(*args: Any) -> Any: ...  # partizan_arc_kayles(graph)
def gen_toads_and_frogs(*args: Any) -> Any: ...  # gen_toads_and_frogs(jump, row)
def coordinate_game(*args: Any) -> Any: ...  # coordinate_game(moves, a, b)
def partizan_coordinate_game(*args: Any) -> Any: ...  # partizan_coordinate_game(left moves, right moves, a, b)
def cgsuite_childish_hackenbush(*args: Any) -> Any: ...  # cgsuite_childish_hackenbush(picture)
def cake_product(*args: Any) -> Any: ...  # cake_product(left ruleset, right ruleset, rows, cols)
def twisted_cake_product(*args: Any) -> Any: ...  # twisted_cake_product(left ruleset, right ruleset, rows, cols)
def nogo(*args: Any) -> Any: ...  # nogo(board or rows, cols)
def cannibal_clobber(*args: Any) -> Any: ...  # cannibal_clobber(board)
def dicotic_variant(*args: Any) -> Any: ...  # dicotic_variant(ruleset)
def impartial_variant(*args: Any) -> Any: ...  # impartial_variant(ruleset)
def twisted_variant(*args: Any) -> Any: ...  # twisted_variant(ruleset)
def gen_mem(*args: Any) -> Any: ...  # gen_mem(rule)
def left_moves(*args: Any) -> Any: ...  # left_moves(p)
def right_moves(*args: Any) -> Any: ...  # right_moves(p)
def position(*args: Any) -> Any: ...  # position(p)
def grid_game(*args: Any) -> Any: ...  # grid_game(moves, options)
def strip_game(*args: Any) -> Any: ...  # strip_game(moves, options)
def grid(*args: Any) -> Any: ...  # grid(rows, width, fill)
def cell(*args: Any) -> Any: ...  # cell(g, r, c)
def set_cell(*args: Any) -> Any: ...  # set_cell(g, r, c, v)
def neighbours(*args: Any) -> Any: ...  # neighbours(g, r, c, directions)
def cells(*args: Any) -> Any: ...  # cells(g, v)
def grid_rows(*args: Any) -> Any: ...  # grid_rows(g)
def grid_columns(*args: Any) -> Any: ...  # grid_columns(g)
def transpose(*args: Any) -> Any: ...  # transpose(g)
def mirror(*args: Any) -> Any: ...  # mirror(g)
def flip(*args: Any) -> Any: ...  # flip(g)
def grid_regions(*args: Any) -> Any: ...  # grid_regions(g, blank, directions)
def solve(*args: Any) -> Any: ...  # solve(g, limit, database)
def strategy(*args: Any) -> Any: ...  # strategy(g, first, file)
def zermelo(*args: Any) -> Any: ...  # zermelo(tree)
def zermelo_steps(*args: Any) -> Any: ...  # zermelo_steps(tree)
def draw_game(*args: Any) -> Any: ...  # draw_game(start, moves, result, first = "L")
on: Value  # a constant
off: Value  # a constant
dud: Value  # a constant
over: Value  # a constant
under: Value  # a constant
upon: Value  # a constant
tis: Value  # a constant
tisn: Value  # a constant
def is_loopfree(*args: Any) -> Any: ...  # is_loopfree(g)
def is_stopper(*args: Any) -> Any: ...  # is_stopper(g)
def is_stopper_sided(*args: Any) -> Any: ...  # is_stopper_sided(g)
def is_plumtree(*args: Any) -> Any: ...  # is_plumtree(g)
def onside(*args: Any) -> Any: ...  # onside(g)
def offside(*args: Any) -> Any: ...  # offside(g)
def upsum(*args: Any) -> Any: ...  # upsum(g, h)
def downsum(*args: Any) -> Any: ...  # downsum(g, h)
def degree(*args: Any) -> Any: ...  # degree(g)
def variety(*args: Any) -> Any: ...  # variety(g)
def is_idempotent(*args: Any) -> Any: ...  # is_idempotent(g)
def is_pseudonumber(*args: Any) -> Any: ...  # is_pseudonumber(g)
def upsum_variety(*args: Any) -> Any: ...  # upsum_variety(g, d)
def downsum_variety(*args: Any) -> Any: ...  # downsum_variety(g, d)
def is_ordinal(*args: Any) -> Any: ...  # is_ordinal(g)
def is_stable(*args: Any) -> Any: ...  # is_stable(g)
def subordinate(*args: Any) -> Any: ...  # subordinate(d, e)
def backsliding_toads_and_frogs(*args: Any) -> Any: ...  # backsliding_toads_and_frogs(row)
def fox_and_geese(*args: Any) -> Any: ...  # fox_and_geese(board)
def ceylonese_fox_and_geese(*args: Any) -> Any: ...  # ceylonese_fox_and_geese(board)
def subtraction_addition(*args: Any) -> Any: ...  # subtraction_addition(take, add, cap)
def len(*args: Any) -> Any: ...  # len(list)
def sum(*args: Any) -> Any: ...  # sum(list)
def map(*args: Any) -> Any: ...  # map(f, list)
def filter(*args: Any) -> Any: ...  # filter(f, list)
def print(*args: Any) -> Any: ...  # print(x, …)
def markdown(*args: Any) -> Any: ...  # markdown(t)
def html(*args: Any) -> Any: ...  # html(t)
def join(*args: Any) -> Any: ...  # join(list, sep)
def chars(*args: Any) -> Any: ...  # chars(s)
def split(*args: Any) -> Any: ...  # split(s, sep)
def replace(*args: Any) -> Any: ...  # replace(s, from, to)
def find(*args: Any) -> Any: ...  # find(s, t)
def str(*args: Any) -> Any: ...  # str(x)
def repeat(*args: Any) -> Any: ...  # repeat(s, n)
def set_char(*args: Any) -> Any: ...  # set_char(s, i, t)
def starts_with(*args: Any) -> Any: ...  # starts_with(s, t)
def ends_with(*args: Any) -> Any: ...  # ends_with(s, t)
def upper(*args: Any) -> Any: ...  # upper(s)
def lower(*args: Any) -> Any: ...  # lower(s)
def min(*args: Any) -> Any: ...  # min(list (or a, b, …))
def max(*args: Any) -> Any: ...  # max(list (or a, b, …))
def sort(*args: Any) -> Any: ...  # sort(list, key?)
def abs(*args: Any) -> Any: ...  # abs(x)
def floor(*args: Any) -> Any: ...  # floor(x)
def ceil(*args: Any) -> Any: ...  # ceil(x)
def reverse(*args: Any) -> Any: ...  # reverse(list)
def zip(*args: Any) -> Any: ...  # zip(list, list, …)
def enumerate(*args: Any) -> Any: ...  # enumerate(list, start?)
def any(*args: Any) -> Any: ...  # any(list, f?)
def all(*args: Any) -> Any: ...  # all(list, f?)
def count(*args: Any) -> Any: ...  # count(list, x or f)
def range(*args: Any) -> Any: ...  # range(a, b, step?)
def set(*args: Any) -> Any: ...  # set(list)
def map_from(*args: Any) -> Any: ...  # map_from(pairs)
def keys(*args: Any) -> Any: ...  # keys(map)
def values(*args: Any) -> Any: ...  # values(map)
def items(*args: Any) -> Any: ...  # items(map)
def get(*args: Any) -> Any: ...  # get(map, key, default)
def insert(*args: Any) -> Any: ...  # insert(set, x  or  map, key, value)
def remove(*args: Any) -> Any: ...  # remove(set or map, x)
def union(*args: Any) -> Any: ...  # union(set, set, …)
def intersection(*args: Any) -> Any: ...  # intersection(set, set, …)
