/// A first-in, first-out window of the last `capacity` elements, overwriting the oldest once full.
///
/// The filters that look at the last N fixes keep them here. Storage grows to
/// `capacity` over the first appends and is then reused in place, so a filter
/// allocates nothing per fix once its window is full. `elements` is in
/// storage order, not arrival order: every user only sums over the window,
/// and keeping it unordered is what lets `append` stay O(1).
struct RingBuffer<Element: Sendable>: Sendable {
    /// The most elements the buffer holds; at least 1.
    let capacity: Int
    /// The elements held, at most `capacity`, in storage order (the oldest is not necessarily first).
    private(set) var elements: [Element] = []
    /// Where the next append writes once the buffer is full: the slot of the oldest element.
    private var oldestIndex = 0

    /// Creates an empty buffer.
    /// - Parameter capacity: The window length, at least 1.
    init(capacity: Int) {
        precondition(capacity >= 1, "a window needs room for at least 1 element, got \(capacity)")
        self.capacity = capacity
    }

    /// The number of elements held: the appends so far, up to `capacity`.
    var count: Int { elements.count }

    /// Adds `element`, dropping the oldest element if the buffer is full.
    ///
    /// - Returns: The element dropped to make room; nil while the buffer fills.
    /// - Complexity: O(1); amortised while the buffer fills, then without allocation.
    @discardableResult
    mutating func append(_ element: Element) -> Element? {
        guard elements.count == capacity else {
            elements.append(element)
            return nil
        }
        let dropped = elements[oldestIndex]
        elements[oldestIndex] = element
        oldestIndex += 1
        if oldestIndex == capacity { oldestIndex = 0 }
        return dropped
    }
}
