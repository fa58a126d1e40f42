// The floor for cv-kalman's cost: the same constant-velocity predict and update, written as one plain loop
// over arrays of east/north metres, accuracies and times, with nothing else (no fix values, no frame
// conversions, no speed or course). A measuring tool, not part of the package:
//
//   swiftc -O .ci/measure/plain_kalman.swift -o /tmp/plain_kalman && /tmp/plain_kalman
//
// It prints the median over 15 repetitions of the nanoseconds per fix, to set beside
// `trackbench speed --filter cv-kalman` on the same machine (Docs/performance.md).
import Foundation

let count = 1_000_000
var state: UInt64 = 7
func unit() -> Double {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return Double((z ^ (z >> 31)) >> 11) * 0x1p-53
}
/// One constant-velocity filter pass over the arrays, the two axes sharing their covariance as cv-kalman's do.
@inline(never)
func run(times: [Double], east: [Double], north: [Double], accuracy: [Double], outEast: inout [Double], outNorth: inout [Double]) {
    let count = times.count
    let q = 1.0
    var (pe, ve, pn, vn) = (east[0], 0.0, north[0], 0.0)
    var (p00, p01, p11) = (accuracy[0] * accuracy[0] / 2, 0.0, 100.0)
    var last = times[0]
    for index in 1..<count {
        let dt = times[index] - last
        last = times[index]
        let dt2 = dt * dt
        pe += ve * dt
        pn += vn * dt
        let growth00: Double = 2 * dt * p01 + dt2 * p11
        let noise00: Double = q * dt2 * dt2 / 4
        p00 += growth00 + noise00
        let noise01: Double = q * dt2 * dt / 2
        p01 += dt * p11 + noise01
        p11 += q * dt2
        let r = max(accuracy[index], 1) * max(accuracy[index], 1) / 2
        let s = p00 + r
        let k0 = p00 / s
        let k1 = p01 / s
        let ie = east[index] - pe
        let inn = north[index] - pn
        pe += k0 * ie
        ve += k1 * ie
        pn += k0 * inn
        vn += k1 * inn
        let retained = r / s
        p11 -= k1 * p01
        p00 *= retained
        p01 *= retained
        outEast[index] = pe
        outNorth[index] = pn
    }
}

let times = (0..<count).map { Double($0) + 0.2 * unit() }
let east = (0..<count).map { 3 * Double($0) + 8 * (unit() - 0.5) }
let north = (0..<count).map { _ in 8 * (unit() - 0.5) }
let accuracy = (0..<count).map { _ in 3 + 4 * unit() }
var outEast = [Double](repeating: 0, count: count)
var outNorth = [Double](repeating: 0, count: count)
var samples: [Double] = []
for _ in 0..<16 {
    let start = DispatchTime.now().uptimeNanoseconds
    run(times: times, east: east, north: north, accuracy: accuracy, outEast: &outEast, outNorth: &outNorth)
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
}
samples.removeFirst()
print(String(format: "plain constant-velocity loop: %.1f ns per fix (median of 15; checksum %.3f)", samples.sorted()[7], outEast[count - 1] + outNorth[count - 1]))
