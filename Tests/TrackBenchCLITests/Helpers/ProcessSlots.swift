/// A counting semaphore for tasks: at most `count` holders at once, the others waiting in turn without a thread.
actor ProcessSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A semaphore with `count` slots, at least one.
    init(count: Int) {
        free = max(1, count)
    }

    /// Takes a slot, waiting for one when all are held.
    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a slot back: to the longest waiting task, if any.
    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
