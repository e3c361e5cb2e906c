//! Impartial games: Sprague–Grundy values, heap games and their periods, Nim and friends.
