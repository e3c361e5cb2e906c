//! The partizan theory beyond sums and comparison: temperature, thermographs, cooling,
//! infinitesimals and atomic weight, ordinal sums and other products.
