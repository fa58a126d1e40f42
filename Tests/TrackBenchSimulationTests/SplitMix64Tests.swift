import Testing
@testable import TrackBenchSimulation

struct SplitMix64Tests {
    @Test func seedZeroGivesTheReferenceSequence() {
        // First outputs of Vigna's reference splitmix64.c seeded with 0.
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xe220_a839_7b1d_cdaf)
        #expect(generator.next() == 0x6e78_9e6a_a1b9_65f4)
        #expect(generator.next() == 0x06c4_5d18_8009_454f)
    }

    @Test func sameSeedAndStreamRepeatTheSequence() {
        var first = SplitMix64(seed: 100, stream: "loop-5000m-2.8mps-weak")
        var second = SplitMix64(seed: 100, stream: "loop-5000m-2.8mps-weak")
        for _ in 0..<1000 {
            #expect(first.next() == second.next())
        }
    }

    @Test func streamsDifferByNameAndBySeed() {
        var base = SplitMix64(seed: 100, stream: "loop-5000m-2.8mps-weak")
        var otherName = SplitMix64(seed: 100, stream: "loop-5000m-2.8mps-strong")
        var otherSeed = SplitMix64(seed: 101, stream: "loop-5000m-2.8mps-weak")
        let values = (0..<4).map { _ in base.next() }
        #expect(values != (0..<4).map { _ in otherName.next() })
        #expect(values != (0..<4).map { _ in otherSeed.next() })
    }

    @Test func unitValuesAreUniformInTheHalfOpenInterval() {
        var generator = SplitMix64(seed: 7)
        var buckets = [Int](repeating: 0, count: 10)
        let count = 100_000
        for _ in 0..<count {
            let value = generator.nextUnit()
            #expect(value >= 0 && value < 1)
            buckets[Int(value * 10)] += 1
        }
        // Each decile expects 10 000; 5 standard deviations is about 475.
        for bucket in buckets {
            #expect(abs(bucket - count / 10) < 475)
        }
    }
}
