## A third language for tests/language_data.rs: Arabic, whose counts take
## all six forms, two of them by the count modulo 100. Its rules are
## CLDR's; no code of the crate knows Arabic.

-plural-zero = n = 0 @integer 0 @decimal 0.0, 0.00, 0.000, 0.0000
-plural-one = n = 1 @integer 1 @decimal 1.0, 1.00, 1.000, 1.0000
-plural-two = n = 2 @integer 2 @decimal 2.0, 2.00, 2.000, 2.0000
-plural-few = n % 100 = 3..10 @integer 3~10, 103~110, 1003, …
-plural-many = n % 100 = 11..99 @integer 11~26, 111, 1011, …
-list-start = {"، "}
-list-middle = {"، "}
-list-end = {" و"}
-list-two = {" و"}
-browser-languages = ar

count = { $n ->
    [zero] zero
    [one] one
    [two] two
    [few] few
    [many] many
   *[other] other
}
