public import BindingKit

// What the playground adds to watch this backend, beside the article's code:
// the census leaves the approach's plumbing out (`:alive` counts its views,
// view models and coordinators).

extension Dynamic: CensusExempt {}
extension PropertyModifier: CensusExempt {}
extension Command: CensusExempt {}
extension SimpleTableViewHelper: CensusExempt {}
