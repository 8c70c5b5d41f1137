public import BindingKit

// What the playground adds to watch this backend, beside the article's code:
// the census leaves the approach's plumbing out (`:alive` counts its views,
// view models and coordinators).

extension Observable: CensusExempt {}
extension ArticleObservable: CensusExempt {}
extension MainQueueObservable: CensusExempt {}
extension InlineQueue: CensusExempt {}
