//! Whole programs run through a session, compared with what the reference gives for them
//! (results in `%p` form, errors with their prefix, as `puppet-oracle` prints them).

use crate::test_support::check;

#[test]
fn agrees_with_the_reference() {
    check(&[
        ("Pattern['(']", Err("Evaluation Error: Error while evaluating a '[]' expression, end pattern with unmatched parenthesis: /(/")),
        // (a Regexp type of a pattern Ruby cannot compile is made; its pattern fails where
        // it is matched or printed: docs/deviations.md)
        ("$r = Regexp['('] 1", Ok("1")),
        ("[Regexp['[a'] == Regexp['[a'], Regexp['[a'] < Regexp, Regexp < Regexp['[a']]", Ok("[true, true, false]")),
        ("Pattern['a)']", Err("Evaluation Error: Error while evaluating a '[]' expression, unmatched close parenthesis: /a)/")),
        ("Pattern[/a/, 'a']", Ok("Pattern[/a/]")),
        ("Pattern[/a/, /b/, /a/]", Ok("Pattern[/a/, /b/]")),
        ("Pattern[/a/] < Pattern[/a/, /b/]", Ok("false")),
        ("Pattern[/a/, /b/] < Pattern[/a/]", Ok("false")),
        ("Pattern[/a/, /b/] == Pattern[/b/, /a/]", Ok("true")),
        ("Pattern[/a/] < String", Ok("true")),
        ("Optional[Optional[Integer]] == Optional[Integer]", Ok("true")),
        ("Optional[Integer] < Optional[Optional[Integer]]", Ok("false")),
        ("NotUndef[NotUndef[Integer]] == NotUndef[Integer]", Ok("true")),
        ("NotUndef[Data] < Data", Ok("false")),
        ("NotUndef[Data] < RichData", Ok("false")),
        ("NotUndef[Integer] < Data", Ok("true")),
        ("NotUndef[Optional[Integer]] <= Integer", Ok("false")),
        ("NotUndef[Scalar] < Data", Ok("false")),
        ("NotUndef <= Optional", Ok("true")),
        ("Callable[[], Any]", Ok("Callable[0, 0]")),
        ("Callable[[Integer], Any]", Ok("Callable[Integer]")),
        ("Callable[[String, 0, default], Any]", Ok("Callable[String, 0]")),
        ("Callable[[], String]", Ok("Callable[[0, 0], String]")),
        ("SemVer['junk']", Err("Evaluation Error: Error while evaluating a '[]' expression, Unparsable version range: \"junk\"")),
        ("SemVer[SemVer('1.0.0')]", Err("Evaluation Error: Error creating type specialization of a SemVer-Type, Cannot use SemVer where String or SemanticPuppet::VersionRange is expected")),
        ("SemVer['1.x'] < SemVer['>=0.5.0']", Ok("true")),
        ("SemVer['1.2.3'] < SemVer['1.x']", Ok("true")),
        ("SemVer['>=0.5.0'] < SemVer['1.x']", Ok("false")),
        ("SemVer['1.x', '2.x'] < SemVer['>=0.5.0']", Ok("true")),
        ("SemVer < SemVer['1.x']", Ok("false")),
        ("Timespan[{hours => 1}, {hours => 2}]", Ok("Timespan['0-01:00:00.0', '0-02:00:00.0']")),
        ("Timespan[{minutes => 90, seconds => 5}, default]", Ok("Timespan['0-01:30:05.0']")),
        ("Timespan[{days => 1, milliseconds => 5}, default]", Ok("Timespan['1-00:00:00.5']")),
        ("Timespan[{foo => 1}, default]", Ok("Timespan['0-00:00:00.0']")),
        ("Timespan[{negative => true, hours => 1}, default]", Ok("Timespan['-0-01:00:00.0']")),
        ("Timespan[{hours => 'x'}, default]", Err("Evaluation Error: Error while evaluating a '[]' expression, String can't be coerced into Integer")),
        ("Timespan[{string => '1:00:00'}, default]", Ok("Timespan['0-01:00:00.0']")),
        ("Timespan[77.3]", Ok("Timespan['0-00:01:17.300000000']")),
        ("Timespan[0.05, 1]", Ok("Timespan['0-00:00:00.50000000', '0-00:00:01.0']")),
        ("Timespan[1.5, 2]", Ok("Timespan['0-00:00:01.500000000', '0-00:00:02.0']")),
        ("Timespan[-1.5, 2]", Ok("Timespan['-0-00:00:01.500000000', '0-00:00:02.0']")),
        ("Timespan[0.5, 1.25]", Ok("Timespan['0-00:00:00.500000000', '0-00:00:01.250000000']")),
        ("Timespan[90061.25, default]", Ok("Timespan['1-01:01:01.250000000']")),
        ("Timespan[{hours => 1.5}, default]", Ok("Timespan['0-01:30:00.0']")),
        ("Timespan[1, 2.0]", Ok("Timespan['0-00:00:01.0', '0-00:00:02.0']")),
        ("Timespan[1.5, 2] == Timespan['0-00:00:01.5', 2]", Ok("true")),
    ]);
}
