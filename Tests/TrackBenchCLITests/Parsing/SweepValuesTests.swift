import Testing
import Foundation
@testable import TrackBenchCLI

struct SweepValuesTests {
    @Test func rangesIncludeTheEndWhenTheStepsReachIt() throws {
        #expect(try SweepValues(parsing: "1...3:0.5").values == [1, 1.5, 2, 2.5, 3])
        #expect(try SweepValues(parsing: "0.1...0.5:0.1").values == [0.1, 0.2, 0.3, 0.4, 0.5])
        #expect(try SweepValues(parsing: "1...2:0.3").values == [1, 1.3, 1.6, 1.9])
    }

    @Test func listsKeepTheirOrder() throws {
        #expect(try SweepValues(parsing: "20,5,10").values == [20, 5, 10])
    }

    @Test(arguments: ["1...3", "3...1:1", "1...3:0", "a,b", "1,1", "0...1:0.00001", ""])
    func rejectsMalformedOrRunawayValues(text: String) {
        #expect(throws: SweepValuesError.self) { try SweepValues(parsing: text) }
    }
}

struct SweepValuesLimitTests {
    @Test(arguments: ["0...1e10:1e-10", "0...1e300:1e-300", "-1e308...1e308:1"])
    func aHugeRangeIsAnErrorNotATrap(text: String) throws {
        let error = try #require(throws: SweepValuesError.self) { try SweepValues(parsing: text) }
        #expect(error.reason.contains("at most \(SweepValues.limit)"))
    }

    @Test func valuesThatRoundToTheSameNumberAreAnError() throws {
        let error = try #require(throws: SweepValuesError.self) { try SweepValues(parsing: "1...1.0000000000001:0.00000000000001") }
        #expect(error.reason.contains("appears twice"))
    }

    @Test(arguments: ["1...3", "3...1:1", "a,b", "1,1"])
    func reasonsReadAfterAColon(text: String) throws {
        let error = try #require(throws: SweepValuesError.self) { try SweepValues(parsing: text) }
        #expect(!error.reason.hasPrefix("expected"))
        #expect(error.localizedDescription.hasPrefix("bad sweep values '\(text)': "))
    }
}

/// Inputs that once trapped the sweep values parser (found with `.ci/fuzz SweepValues`) are now typed errors.
struct SweepValuesFuzzRegressionTests {
    private static let crashes = TrackBenchExecutable.packageRoot.appendingPathComponent("Tests/Fuzz/Crashes/SweepValues")

    private static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: crashes.path)) ?? []).sorted()
    }

    @Test func theCrashesAreKept() {
        #expect(Self.inputs.count >= 1)
    }

    @Test(arguments: inputs)
    func sweepValuesAreRejected(input: String) throws {
        let text = String(decoding: try Data(contentsOf: Self.crashes.appendingPathComponent(input)), as: UTF8.self)
        #expect(throws: SweepValuesError.self) { try SweepValues(parsing: text) }
    }
}
