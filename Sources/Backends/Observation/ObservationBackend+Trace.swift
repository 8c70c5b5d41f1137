import BindingKit

// What the playground adds to watch this backend, beside the article's code:
// the census leaves the approach's plumbing out (`:alive` counts its views,
// view models and coordinators).

extension RenderLoop: CensusExempt {}
extension RenderQueue: CensusExempt {}
extension ShownOrders: CensusExempt {}
