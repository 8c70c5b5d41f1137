#include "current_world.h"

#include <stddef.h>

static _Thread_local void *current_world;

void *bindlab_current_world(void) { return current_world; }

void *bindlab_exchange_current_world(void *world) {
    void *previous = current_world;
    current_world = world;
    return previous;
}
