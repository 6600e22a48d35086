TS = "Timestamp('2020-02-03T04:05:06Z')"
TIMESPAN = [
    "Timespan(13.5)", "Timespan({days=>4})", "Timespan(4, 0, 0, 2)", "Timespan('13:20')", "Timespan('10:03.5', '%M:%S.%L')",
    "Timespan('10:03.5', '%M:%S.%N')", "Timespan(0)", "Timespan(-90)", "Timespan(86400)", "Timespan(1, 2, 3, 4, 5, 6, 7)",
    "Timespan(0, 25, 0, 0)", "Timespan({hours => 1, minutes => 30})", "Timespan({negative => true, seconds => 5})",
    "Timespan({days => 1, nanoseconds => -1})", "Timespan({bogus => 1})", "Timespan('1-02:03:04')", "Timespan('1-02:03:04.5')",
    "Timespan('02:03:04')", "Timespan('45')", "Timespan('junk')", "Timespan('100', '%H')", "Timespan('1:2', ['%H:%M', '%M:%S'])",
    "Timespan({string => '10', format => '%S'})", "Timespan('-1:00:00')", "Timespan(1.123456789)", "Timespan(undef)", "Timespan('1', 2)",
    "Timespan(1, 2)", "Timespan(Timespan(5))", "Timespan(3723).strftime('%H:%M:%S')", "strftime(Timespan(90061), '%D-%H:%M:%S')",
    "strftime(Timespan(3723.5), '%H:%M:%S.%L')", "strftime(Timespan(3723.5), '%M:%S')", "strftime(Timespan(3723), '%S')",
    "strftime(Timespan(5), '%-S')", "strftime(Timespan(5), '%_3S')", "strftime(Timespan(5), '%03S')", "strftime(Timespan(1.5), '%N')",
    "strftime(Timespan(1.5), '%3N')", "strftime(Timespan(-90), '%M:%S')", "strftime(Timespan(90), '%H:%M %%')", "String(Timespan(-1.5))",
    "Timespan(1) + Timespan(2)", "Timespan(5) - Timespan(7)", "-Timespan(5)", "Timespan(10) / 3", "Timespan(10) * 1.5",
    "Timespan(1) == Timespan(1.0)", "Timespan(90) > Timespan(60)", "[Timespan(3), Timespan(1)].sort", "Timespan(2) =~ Timespan[1, 3]",
    "Timespan(2) =~ Timespan['0-00:00:03', default]", "Timespan[1, 3] == Timespan[1, 3]", "Timespan[1] < Timespan",
]
TIMESTAMP = [
    "Timestamp(1473150899)", "Timestamp({string=>'2015', format=>'%Y'})", "Timestamp('Wed Aug 24 12:13:14 2016', '%c')",
    "Timestamp('Wed Aug 24 12:13:14 2016 PDT', '%c %Z')", "Timestamp(0)", "Timestamp(-1)", "Timestamp(1.5)", "Timestamp('2020-02-03')",
    "Timestamp('2020-02-03T04:05:06')", "Timestamp('2020-02-03T04:05:06.123')", "Timestamp('2020-02-03T04:05:06.123 UTC')",
    "Timestamp('2020-02-03T04:05:06+02:00')", "Timestamp('2020-02-03 04:05:06')", "Timestamp('2020-13-03')", "Timestamp('junk')",
    "Timestamp('03/02/2020', '%d/%m/%Y')", "Timestamp('2020', ['%Y-%m', '%Y'])", "Timestamp('2020-02-03', '%Y-%m-%d', 'UTC')",
    "Timestamp(undef)", "Timestamp(" + TS + ")",
    TS + ".strftime('%Y-%m-%d')", "strftime(" + TS + ", '%F %T')", "strftime(" + TS + ", '%a %b %e %y')", "strftime(" + TS + ", '%A %B %d %C')",
    "strftime(" + TS + ", '%I %l %p %P')", "strftime(" + TS + ", '%j %u %w')", "strftime(" + TS + ", '%s')", "strftime(" + TS + ", '%z %:z')",
    "strftime(" + TS + ", '%Z')", "strftime(" + TS + ", '%L %N %3N')", "strftime(" + TS + ", '%D %R %T')", "strftime(" + TS + ", '%c')",
    "strftime(" + TS + ", '%G %g %V %U %W')", "strftime(" + TS + ", '%^a %^B %#b')", "strftime(" + TS + ", '%-m/%-d %k')",
    "strftime(" + TS + ", '%v %x %X %r')", "strftime(" + TS + ", '%n%t%%')", "strftime(" + TS + ", '%h %m')",
    "strftime(" + TS + ", '%F', 'UTC')", "strftime(" + TS + ", '%F %T %z', '+01:00')",
    TS + " + 3600", TS + " - 86400", TS + " - Timestamp('2020-02-01T00:00:00Z')", TS + " + Timespan(1.5)", TS + " - Timespan(60)",
    TS + " == Timestamp(1580702706)", TS + " > Timestamp(0)", TS + " < 1580702707", TS + " =~ Timestamp['2020-01-01', '2021-01-01']",
    TS + " =~ Timestamp[default, '2019-01-01']", "[" + TS + ", Timestamp(0)].sort", "Integer(" + TS + ")", "Float(Timestamp(1.5))",
    "String(" + TS + ", '%s')", "type(" + TS + ")",
]
SEMVER = [
    "SemVer('1.2.3')", "SemVer('1.2.3-rc.1+build.5')", "SemVer('1.2')", "SemVer('v1.2.3')", "SemVer('01.2.3')", "SemVer('1.2.3-')",
    "SemVer(1, 2, 3)", "SemVer(1, 2, 3, 'alpha')", "SemVer(1, 2, 3, 'alpha', 'b1')", "SemVer(1, 2, 3, undef, 'b1')", "SemVer(-1, 2, 3)",
    "SemVer({major => 1, minor => 2, patch => 3})", "SemVer({major => 1, minor => 2, patch => 3, prerelease => 'rc1'})",
    "SemVer({major => 1, minor => 2})", "SemVer('junk')", "SemVer('1.2.3').major", "SemVer('1.2.3-rc1').prerelease",
    "String(SemVer('1.2.3-rc1+b2'))", "SemVer('1.2.3') == SemVer('1.2.3')", "SemVer('1.2.3') < SemVer('1.10.0')",
    "SemVer('1.0.0-alpha') < SemVer('1.0.0-alpha.1')", "SemVer('1.0.0-alpha.beta') < SemVer('1.0.0-beta')",
    "SemVer('1.0.0-beta.11') < SemVer('1.0.0-rc.1')", "SemVer('1.0.0-beta.2') < SemVer('1.0.0-beta.11')", "[SemVer('2.0.0'), SemVer('1.0.0')].sort",
    "compare(SemVer('1.0.0'), SemVer('1.0.0-rc1'))", "type(SemVer('1.2.3'))",
    "SemVerRange('>=1.0.0')", "SemVerRange('1.x')", "SemVerRange('~1.2.3')", "SemVerRange('^1.2.3')", "SemVerRange('1.2.3 - 2.3.4')",
    "SemVerRange('>=1.0.0 <2.0.0')", "SemVerRange('1.0.0 || 2.0.0')", "SemVerRange('*')", "SemVerRange('junk')", "SemVerRange('=1.2.3')",
    "SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'))", "SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'), true)", "SemVerRange(default, SemVer('2.0.0'))",
    "SemVerRange({min => SemVer('1.0.0'), max => SemVer('2.0.0'), exclude_max => true})", "SemVerRange({min => SemVer('1.0.0')})",
    "String(SemVerRange('~1.2'))", "SemVerRange('1.x') == SemVerRange('>=1.0.0 <2.0.0')",
    "SemVer('1.5.0') =~ SemVerRange('1.x')", "'1.5.0' =~ SemVerRange('~1.4')", "SemVer('2.0.0') =~ SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'), true)",
    "SemVer('2.0.0') =~ SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'))", "SemVer('1.0.0-rc1') =~ SemVerRange('>=1.0.0-rc0')",
    "SemVer('1.0.1-rc1') =~ SemVerRange('>=1.0.0')", "SemVer('1.2.3') in SemVerRange('1.x')", "'1.2.3' in SemVerRange('2.x')",
    "$t = SemVer[SemVerRange('>=1.0.0 <2.0.0'), SemVerRange('>=3.0.0 <4.0.0')] notice(SemVer('1.2.3') =~ $t) notice(SemVer('2.3.4') =~ $t) notice(SemVer('3.4.5') =~ $t)",
    "SemVer['>=1.0.0 <2.0.0', '>=1.5.0 <3.0.0']", "SemVer['1.0.0']", "SemVer[SemVer('1.0.0')]", "SemVer['1.x'] == SemVer['>=1.0.0 <2.0.0']",
    "SemVer['1.x'] < SemVer['>=0.5.0']", "SemVer[1]", "SemVer('1.0.0') =~ SemVer", "SemVerRange('1.x') =~ SemVer",
    "SemVer('1.0.0') =~ SemVer['1.0.0']", "SemVer('1.0.0') + 1", "SemVer('1.0.0') < '2.0.0'",
]
PROGRAMS = TIMESPAN + TIMESTAMP + SEMVER

# Left out: the reference contradicts types-values-variables.md, and the spec wins.
SPEC_DISAGREEMENTS = [
    # spec: "13 hours and 20 minutes (using default pattern)"; the reference cannot parse it
    "Timespan('13:20')",
    # spec: "...and 5 milliseconds" / "...and 5 nanoseconds"; the reference gives 0.5 s for both
    "Timespan('10:03.5', '%M:%S.%L')", "Timespan('10:03.5', '%M:%S.%N')",
    # spec: %N is "Fractional seconds digits"; the reference prints the whole duration (1500000000)
    "strftime(Timespan(1.5), '%N')", "strftime(Timespan(1.5), '%3N')",
    # spec: SemVerRange.new($min, $max, $exclude_max); the reference prints min and max swapped
    "SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'))", "SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'), true)",
    "SemVerRange(default, SemVer('2.0.0'))",
    "SemVerRange({min => SemVer('1.0.0'), max => SemVer('2.0.0'), exclude_max => true})",
    "SemVerRange({min => SemVer('1.0.0')})",
    # spec: overlapping ranges of a SemVer type are merged; the reference yields '>=3.0.0 <1.0.0'
    "SemVer['>=1.0.0 <2.0.0', '>=1.5.0 <3.0.0']",
    # spec: prerelease is Optional[SemVerQualifier] = undef; the reference rejects undef
    "SemVer(1, 2, 3, undef, 'b1')",
]
PROGRAMS = [p for p in PROGRAMS if p not in SPEC_DISAGREEMENTS]
# `current` is the system's offset now, a fixed offset with no name for %Z; `%-z` of a zero
# offset is negative for UTC alone (no zone given) (session 46)
PROGRAMS += [
    "Timestamp(0).strftime('[%Z] [%-3Z] [%_5Z] [%#Z]', 'current')",
    "[Timestamp(0).strftime('%-z'), Timestamp(0).strftime('%-z', 'Z'), Timestamp(0).strftime('%-z', '+00:00'), Timestamp(0).strftime('%-:z', 'UTC'), Timestamp(0).strftime('%-z', 'UTC')]",
]
