import TrackBenchModel
/// Filters chained so that each stage's estimates are the next stage's fixes.
///
/// `finish` flushes the stages in order, feeding what each one still held
/// into the stages after it, so a look-ahead smoother behind a gate sees every
/// fix the gate let through. Pedometer updates, compass samples and barometer readings go to
/// every stage in order, each stage's estimates passing on to the stages
/// after it before the next stage gets the event, so a dead-reckoning stage
/// behind a gate gets its sensors and the gated fixes.
struct FilterPipeline: LocationFilter {
    private var stages: [any LocationFilter]
    /// One reusable buffer per stage boundary, so passing a fix along allocates nothing.
    private var buffers: [[LocationFix]]

    /// Creates a pipeline; fixes enter `stages[0]` first.
    init(stages: [any LocationFilter]) {
        self.stages = stages
        buffers = Array(repeating: [], count: max(0, stages.count - 1))
    }

    /// Passes the fix through every stage in turn.
    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        feed(CollectionOfOne(fix), from: 0, into: &estimates)
    }

    /// Gives the update to every stage, feeding each stage's estimates to the stages after it.
    mutating func receive(_ steps: StepEvent, into estimates: inout [LocationFix]) {
        broadcast(into: &estimates) { stage, output in stage.receive(steps, into: &output) }
    }

    /// Gives the sample to every stage, feeding each stage's estimates to the stages after it.
    mutating func receive(_ heading: HeadingEvent, into estimates: inout [LocationFix]) {
        broadcast(into: &estimates) { stage, output in stage.receive(heading, into: &output) }
    }

    /// Gives the reading to every stage, feeding each stage's estimates to the stages after it.
    mutating func receive(_ barometer: BarometerEvent, into estimates: inout [LocationFix]) {
        broadcast(into: &estimates) { stage, output in stage.receive(barometer, into: &output) }
    }

    /// Calls `deliver` on each stage in order; what a stage appends goes through the stages after it.
    private mutating func broadcast(into estimates: inout [LocationFix], _ deliver: (inout any LocationFilter, inout [LocationFix]) -> Void) {
        for index in stages.indices {
            guard index < stages.count - 1 else {
                deliver(&stages[index], &estimates)
                return
            }
            var output: [LocationFix] = []
            deliver(&stages[index], &output)
            if !output.isEmpty { feed(output, from: index + 1, into: &estimates) }
        }
    }

    /// Runs each stage over the whole output of the stage before it for these fixes.
    ///
    /// Every stage sees exactly the fixes, in exactly the order, that
    /// feeding them one fix at a time would give it (the stages share no
    /// state), so the estimates are the same; but each stage runs as one
    /// loop compiled for its own type, and a pipeline costs the sum of its stages.
    mutating func receive(contentsOf fixes: ArraySlice<LocationFix>, into estimates: inout [LocationFix]) {
        var input = fixes
        for index in stages.indices {
            if index == stages.count - 1 {
                stages[index].receive(contentsOf: input, into: &estimates)
            } else {
                var output: [LocationFix] = []
                output.reserveCapacity(input.count)
                stages[index].receive(contentsOf: input, into: &output)
                input = output[...]
            }
        }
    }

    /// Flushes each stage in order through the stages after it.
    mutating func finish(into estimates: inout [LocationFix]) {
        finish(into: &estimates) { _ in }
    }

    /// Flushes each stage in order through the stages after it, handing each batch a stage releases on as it comes.
    mutating func finish(into estimates: inout [LocationFix], flush: (inout [LocationFix]) -> Void) {
        for index in stages.indices {
            // Taken out while it finishes (a placeholder stands in, so its storage is not copied): its batches pass
            // through the stages after it, which `feed` changes.
            var stage: any LocationFilter = FinishedStage()
            swap(&stage, &stages[index])
            var held: [LocationFix] = []
            stage.finish(into: &held) { batch in
                feed(batch, from: index + 1, into: &estimates)
                batch.removeAll(keepingCapacity: true)
                flush(&estimates)
            }
            swap(&stage, &stages[index])
            feed(held, from: index + 1, into: &estimates)
        }
    }

    /// What stands in a stage's place while it finishes; it never gets a fix.
    private struct FinishedStage: LocationFilter {
        mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {}
    }

    /// Feeds `fixes` to stage `first`, its estimates to the next stage, and so on; the last stage writes into `estimates`.
    private mutating func feed<Fixes: Collection<LocationFix>>(_ fixes: Fixes, from first: Int, into estimates: inout [LocationFix]) {
        guard first < stages.count else {
            estimates.append(contentsOf: fixes)
            return
        }
        guard first < stages.count - 1 else {
            for fix in fixes { stages[first].receive(fix, into: &estimates) }
            return
        }
        // Taken out while in use: a later stage's flush may feed this boundary again.
        var next = buffers[first]
        buffers[first] = []
        next.removeAll(keepingCapacity: true)
        for fix in fixes { stages[first].receive(fix, into: &next) }
        if !next.isEmpty { feed(next, from: first + 1, into: &estimates) }
        buffers[first] = next
    }
}
