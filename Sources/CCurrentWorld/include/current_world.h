// CCurrentWorld: the world the code running on this thread belongs to
// (BindingKit's `World.current`), in a thread-local slot, so that tests
// running on several threads at once each see their own. C, because Swift
// has no thread-local storage of its own and this is read by every
// `DispatchQueue.main` and every widget made.
#ifndef BINDLAB_CURRENT_WORLD_H
#define BINDLAB_CURRENT_WORLD_H

/// The world current on this thread (an unretained pointer), or NULL.
void *_Nullable bindlab_current_world(void);

/// Makes `world` (unretained; NULL for none) current on this thread and
/// returns the one it replaces, for the caller to put back.
void *_Nullable bindlab_exchange_current_world(void *_Nullable world);

#endif
