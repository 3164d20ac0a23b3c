## A third language for tests/language_data.rs: Polish, whose whole
## counts take three forms. Its rules are CLDR's, copied with their samples; no code of
## the crate knows Polish.

-plural-one = i = 1 and v = 0 @integer 1
-plural-few = v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …
-plural-many = v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14 @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …
-list-start = {", "}
-list-middle = {", "}
-list-end = {" i "}
-list-two = {" i "}
-browser-languages = pl

count = { $n ->
    [one] one
    [few] few
    [many] many
   *[other] other
}
