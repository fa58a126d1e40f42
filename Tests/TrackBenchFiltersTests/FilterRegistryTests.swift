import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct FilterRegistryTests {
    private let registry = FilterRegistry.builtIn

    @Test func runsEveryBuiltInFilterByDefaultButTheAltitudeOnesAndThoseWithSensorsOnlyWhereThereAreSensors() {
        #expect(registry.defaultConfigurations(withSensors: true).map(\.label) == registry.filterTypes.filter { $0.runsByDefault }.map { $0.name })
        #expect(registry.defaultConfigurations.map(\.label) == registry.filterTypes.filter { $0.runsByDefault && !$0.usesSensors }.map { $0.name })
        #expect(registry.filterTypes.filter { $0.usesSensors }.map { $0.name } == ["pdr-paper", "pdr-per-step", "pdr-fusion"])
        let altitudeOnly = registry.filterTypes.filter { !$0.runsByDefault }.map { $0.name }
        #expect(altitudeOnly == ["altitude-smoother", "gain-hysteresis", "barometer-fusion", "terrain-lookup"])
        let names = registry.filterTypes.map { $0.name }
        #expect(names.first == "raw" && names.contains("kalman") && Set(names).count == names.count)
    }

    @Test func parsesParametersIntoSettingsAndLabel() throws {
        let configuration = try registry.configuration(parsing: "kalman:q=2.5")
        #expect(configuration.label == "kalman:q=2.5")
        #expect(configuration.stages[0].settings[KalmanFilter.q] == 2.5)
        #expect(try registry.configuration(parsing: "kalman").stages[0].settings[KalmanFilter.q] == 3)
    }

    @Test func parsesPipelinesJoinedByPlus() throws {
        let configuration = try registry.configuration(parsing: "raw+kalman:q=1")
        #expect(configuration.stages.map { $0.filterType.name } == ["raw", "kalman"])
        #expect(configuration.label == "raw+kalman:q=1")
    }

    @Test func suggestsTheClosestNameForATypo() {
        #expect(
            throws: FilterSpecificationError.unknownFilter(
                name: "kalmn", suggestion: "kalman", known: FilterRegistry.builtIn.filterTypes.map { $0.name })
        ) {
            try registry.configuration(parsing: "kalmn")
        }
    }

    @Test(arguments: [
        ("kalman:r=1", FilterSpecificationError.unknownParameter(filter: "kalman", parameter: "r", known: ["q"])),
        ("kalman:q=fast", .invalidValue(filter: "kalman", parameter: "q", value: "fast", expected: "a number >= 0 (m/s)")),
        ("kalman:q=-1", .invalidValue(filter: "kalman", parameter: "q", value: "-1", expected: "a number >= 0 (m/s)")),
        ("kalman:q", .malformed(specification: "kalman:q", reason: "'q' is not KEY=VALUE")),
        ("speed-ema:alpha=2", .invalidValue(filter: "speed-ema", parameter: "alpha", value: "2", expected: "a number from 0 to 1 (weight)")),
        (
            "running-average:window=2.5",
            .invalidValue(filter: "running-average", parameter: "window", value: "2.5", expected: "a whole number from 1 to 1000000 (fixes)")
        ),
        (
            "running-average:window=1e300",
            .invalidValue(filter: "running-average", parameter: "window", value: "1e300", expected: "a whole number from 1 to 1000000 (fixes)")
        ),
        ("raw+", .malformed(specification: "raw+", reason: "a stage has no filter name")),
        ("kalman:q=1,q=2", .malformed(specification: "kalman:q=1,q=2", reason: "parameter 'q' given twice")),
        ("raw+kalman:q=1,q=1", .malformed(specification: "raw+kalman:q=1,q=1", reason: "parameter 'q' given twice")),
        ("", .malformed(specification: "", reason: "it is empty")),
    ])
    func rejectsBadSpecificationsWithTheReason(specification: String, expected: FilterSpecificationError) {
        #expect(throws: expected) { try registry.configuration(parsing: specification) }
    }

    @Test func errorMessagesSayWhatWasExpected() {
        let message = FilterSpecificationError.unknownParameter(filter: "kalman", parameter: "r", known: ["q"]).localizedDescription
        #expect(message.contains("'r'") && message.contains("q"))
    }
}

struct FilterLabelTests {
    @Test func labelsNameATuningWithoutChangingItsSpecification() throws {
        let configuration = try FilterRegistry.builtIn.configuration(parsing: "slow=kalman:q=1")
        #expect(configuration.label == "slow")
        #expect(configuration.specification == "kalman:q=1")
        #expect(configuration.stages[0].settings[KalmanFilter.q] == 1)
    }

    @Test(arguments: [
        "=kalman", "a|b=kalman", "a`b=kalman", "a#b=kalman", "a\u{1B}[31mred=kalman", "a\u{200B}b=kalman",
        String(repeating: "x", count: 101) + "=kalman",
    ])
    func rejectsLabelsThatWouldBreakATableATerminalOrAFile(specification: String) {
        #expect(throws: FilterSpecificationError.self) { try FilterRegistry.builtIn.configuration(parsing: specification) }
    }

    @Test(arguments: ["exec:echo a\necho b", "x=exec:run\r", "kalman\n", "exec:printf '\u{1B}[31m'", "exec:a\u{85}b", "exec:a\u{7F}"])
    func aSpecificationHoldingAControlCharacterIsRefusedBeforeAnyProcessStarts(specification: String) {
        var started = false
        #expect {
            _ = try FilterRegistry.builtIn.configuration(parsing: specification) { _, _ in
                started = true
                throw CancellationError()
            }
        } throws: { error in
            guard case let .malformed(_, reason)? = error as? FilterSpecificationError else { return false }
            return reason.hasPrefix("it holds the control character U+")
        }
        #expect(!started)
    }

    @Test func eachStageMaySetTheSameParameterOnce() throws {
        let configuration = try FilterRegistry.builtIn.configuration(parsing: "kalman:q=1+kalman:q=2")
        #expect(configuration.stages.map { $0.settings[KalmanFilter.q] } == [1, 2])
    }

    @Test func aPlusInAnExponentDoesNotSplitStages() throws {
        let configuration = try FilterRegistry.builtIn.configuration(parsing: "stale-gate+kalman:q=1e+16+cv-kalman:noise=2.5E+1")
        #expect(configuration.stages.map { $0.filterType.name } == ["stale-gate", "kalman", "cv-kalman"])
        #expect(configuration.stages[1].settings[KalmanFilter.q] == 1e16)
        #expect(configuration.specification == "stale-gate+kalman:q=1e16+cv-kalman:noise=25")
    }

    @Test func everyDeclaredParameterHasAUniqueNameAndAnAcceptedDefault() {
        for filterType in FilterRegistry.builtIn.filterTypes {
            let names = filterType.parameters.map(\.name)
            #expect(Set(names).count == names.count, "\(filterType.name) declares a parameter twice")
            for parameter in filterType.parameters {
                #expect(parameter.accepts(parameter.defaultValue), "\(filterType.name):\(parameter.name) default \(parameter.defaultValue)")
            }
        }
    }

    @Test(arguments: [1e16, 1e-5, 2.5, 3, 1234567.125, 5e-324])
    func specificationsWithAnyValueParseBackToTheSameStage(value: Double) throws {
        let stage = FilterStage(filterType: KalmanFilter.self, overrides: [("q", value)])
        let reparsed = try FilterRegistry.builtIn.configuration(parsing: stage.specification + "+raw")
        #expect(reparsed.stages[0].settings[KalmanFilter.q] == value)
        #expect(!stage.specification.contains("+"))
    }

    @Test func settingAParameterOutOfRangeNamesTheRange() throws {
        let base = try FilterRegistry.builtIn.configuration(parsing: "accuracy-gate+speed-ema")
        #expect(try base.setting("alpha", to: 0.5).specification == "accuracy-gate+speed-ema:alpha=0.5")
        #expect(
            throws: FilterSpecificationError.invalidValue(
                filter: "speed-ema", parameter: "alpha", value: "2", expected: "a number from 0 to 1 (weight)")
        ) {
            try base.setting("alpha", to: 2)
        }
        #expect(throws: FilterSpecificationError.self) { try base.setting("nope", to: 1) }
    }

    /// A filter's type, and its source file, is its name in UpperCamelCase (`pdr` and `cv` spelled out, `ema` and `rts`
    /// in capitals), with `Filter` after it or not: `pdr-per-step` is `DeadReckoningPerStepFilter`.
    @Test func everyBuiltInFilterTypeAndFileIsNamedAfterItsFilter() throws {
        let spelledOut = ["pdr": "DeadReckoning", "cv": "ConstantVelocity", "ema": "EMA", "rts": "RTS"]
        for filterType in FilterRegistry.builtIn.filterTypes {
            let words = filterType.name.split(separator: "-").map { spelledOut[String($0)] ?? $0.prefix(1).uppercased() + $0.dropFirst() }
            let typeName = String(describing: filterType)
            #expect([words.joined(), words.joined() + "Filter"].contains(typeName), "\(filterType.name) is \(typeName)")
            let file = Fixtures.packageRoot.appendingPathComponent("Sources/TrackBenchFilters/\(typeName).swift")
            #expect(FileManager.default.fileExists(atPath: file.path), "\(typeName) is not in its own file")
        }
    }

    @Test func aParameterIsFoundInTheFirstStageThatDeclaresIt() throws {
        let base = try FilterRegistry.builtIn.configuration(parsing: "accuracy-gate+speed-ema")
        #expect(base.parameter(named: "alpha")?.unit == "weight")
        #expect(base.parameter(named: "max")?.unit == "m")
        #expect(base.parameter(named: "nope") == nil)
    }
}

/// A filter type that only has a name, for registering under names good and bad.
private protocol NamedOnly: RegisteredFilter {
    init()
}

extension NamedOnly {
    static var summary: String { "Passes fixes through." }
    static var timing: FilterTiming { .online }
    static var parameters: [FilterParameter] { [] }
    init(settings: FilterSettings) { self.init() }
    func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) { estimates.append(fix) }
}

private struct MyKalman: NamedOnly { static let name = "kalman" }
private struct TeamFilter: NamedOnly { static let name = "team-filter" }
private struct OtherTeamFilter: NamedOnly { static let name = "team-filter" }
private struct SpacedName: NamedOnly { static let name = "My Filter" }

struct FilterRegistrationTests {
    @Test func theBuiltInNamesPassTheChecksOfRegistration() throws {
        let checked = try FilterRegistry(FilterRegistry.builtIn.filterTypes)
        #expect(checked.filterTypes.map { $0.name } == FilterRegistry.builtIn.filterTypes.map { $0.name })
    }

    @Test func aTeamFilterNamedLikeABuiltInOneIsATypedErrorNamingBothRegistrations() {
        let expected = FilterRegistryError.duplicateName("kalman", first: "KalmanFilter (built in)", second: "MyKalman")
        #expect(throws: expected) { try FilterRegistry.builtIn.adding(MyKalman.self) }
        #expect(expected.localizedDescription
            == "filter name 'kalman' is registered twice: by KalmanFilter (built in) and by MyKalman; give one of them another name")
    }

    @Test func twoTeamFiltersWithOneNameAreBothNamed() {
        #expect(throws: FilterRegistryError.duplicateName("team-filter", first: "TeamFilter", second: "OtherTeamFilter")) {
            try FilterRegistry([TeamFilter.self, OtherTeamFilter.self])
        }
    }

    @Test func aMalformedNameIsATypedErrorSayingWhatANameMayHold() {
        let expected = FilterRegistryError.malformedName("My Filter", registrant: "SpacedName")
        #expect(throws: expected) { try FilterRegistry.builtIn.adding(SpacedName.self) }
        #expect(
            expected.localizedDescription.hasPrefix(
                "filter name 'My Filter' of SpacedName is malformed: expected lowercase letters, digits and hyphens"))
    }

    @Test func aWellFormedTeamFilterIsAddedAtTheEnd() throws {
        let registry = try FilterRegistry.builtIn.adding(TeamFilter.self)
        #expect(registry.filterTypes.last?.name == "team-filter")
        #expect(try registry.configuration(parsing: "accuracy-gate+team-filter").stages.count == 2)
    }

    @Test(arguments: ["kalman", "cv-kalman", "pdr-per-step", "k2", "x"])
    func acceptsLowercaseLettersDigitsAndHyphensStartingWithALetter(name: String) {
        #expect(FilterRegistry.isWellFormedName(name))
    }

    @Test(arguments: ["", "My Filter", "Kalman", "my filter", "2-fast", "-gate", "a_b", "a:b", "a+b", "a=b", "kálman", "kalman\n"])
    func rejectsEveryOtherName(name: String) {
        #expect(!FilterRegistry.isWellFormedName(name))
    }
}

struct FilterTimingTests {
    @Test func onlyTheSmootherNeedsTheWholeTrack() {
        let offline = FilterRegistry.builtIn.filterTypes.filter { $0.timing == .offline }.map { $0.name }
        #expect(offline == ["rts-smoother"])
    }

    @Test(arguments: [
        ("kalman", FilterTiming.online),
        ("accuracy-gate+cv-kalman", .online),
        ("rts-smoother", .offline),
        ("accuracy-gate+rts-smoother", .offline),
        ("rts-smoother+speed-ema", .offline),
    ])
    func aPipelineIsOfflineWhenAnyStageIs(specification: String, expected: FilterTiming) throws {
        #expect(try FilterRegistry.builtIn.configuration(parsing: specification).timing == expected)
    }
}
