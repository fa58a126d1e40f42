import Testing
import TrackBenchFilters
@testable import TrackBenchCLI

/// How `tune` reads its filter: settings in grid order, their specifications, and the current setting.
struct TunedFilterTests {
    private let context = CommandContext(
        commandName: "trackbench", registry: .builtIn, console: Console(standardOutput: { _ in }, standardError: { _ in })
    )

    @Test func settingsAreNumberedWithTheLastParameterChangingFastest() throws {
        let tuned = try TunedFilter("accuracy-gate:max={max}+kalman:q={q}", parameters: [("max", [10, 50]), ("q", [1, 3, 6])], context: context)
        #expect(tuned.settingCount == 6)
        #expect((0..<6).map(tuned.values(of:)) == [[10, 1], [10, 3], [10, 6], [50, 1], [50, 3], [50, 6]])
        #expect(tuned.specification(of: 4) == "accuracy-gate:max=50+kalman:q=3")
        #expect(tuned.label(of: 4) == tuned.specification(of: 4))
    }

    @Test func aNamedParameterGoesToTheFirstStageThatDeclaresItAndALabelNamesEachSetting() throws {
        let tuned = try TunedFilter("mine=accuracy-gate+kalman", parameters: [("q", [2, 4])], context: context)
        #expect(tuned.specification(of: 1) == "mine-q4=accuracy-gate+kalman:q=4")
        #expect(tuned.defaultSpecification == "mine=accuracy-gate+kalman")
    }

    @Test func theCurrentSettingIsTheTemplateWithTheTunedParametersAtTheirDefaults() throws {
        let tuned = try TunedFilter("accuracy-gate:max={max}+kalman:q={q}", parameters: [("max", [10, 50]), ("q", [1, 3])], context: context)
        #expect(tuned.defaultSpecification == "accuracy-gate+kalman")
        // accuracy-gate's max defaults to 50 and kalman's q to 3: the grid's fourth setting runs the same filter.
        #expect(tuned.setting(equivalentTo: "accuracy-gate+kalman", context: context) == 3)
        #expect(tuned.setting(equivalentTo: "accuracy-gate:max=20+kalman", context: context) == nil)
        #expect(TunedFilter.withoutPlaceholders("stale-gate:max-age=5+kalman:q={q}") == "stale-gate:max-age=5+kalman")
        #expect(TunedFilter.withoutPlaceholders("kalman:q=1{q}") == nil)
    }

    @Test func aValueOutOfItsRangeIsAUsageErrorBeforeAnythingRuns() {
        #expect(throws: UsageError.self) {
            try TunedFilter("speed-ema:alpha={a}", parameters: [("a", [0.5, 2])], context: context)
        }
    }
}
