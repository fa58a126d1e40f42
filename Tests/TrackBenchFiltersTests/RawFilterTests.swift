import Testing
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct RawFilterTests {
    @Test func passesEveryFixThroughUnchangedIncludingInvalidOnes() {
        let fixes = [
            Fixtures.fix(Fixtures.frame, east: 0, north: 0, time: 0),
            Fixtures.fix(Fixtures.frame, east: 5, north: 0, accuracy: -1, time: 1),
        ]
        #expect(RawFilter(settings: FilterSettings()).estimatedPath(for: Path(fixes)).fixes == fixes)
    }
}
