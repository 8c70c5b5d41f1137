// CLibEdit: libedit (BSD editline) for Swift.
//
// el_set, el_get and history are C variadic functions, which Swift cannot
// call, so each operation LineEditing needs gets one fixed-signature wrapper
// here. The C standard streams are macros over mutable globals, which Swift 6
// rejects as unsafe shared state; the functions below hand them over instead.
// Nothing here keeps state: file-scope statics in a module-map header are not
// emitted.

#include <stdio.h>
#include <signal.h>
#include <histedit.h>

// Debian's libedit and the macOS SDK's are both NetBSD's editline; what is
// used here (the escaped prompt, saving history to an open stream) came in
// 2009 and 2011. An older one fails here, saying so, rather than in Swift.
#if !defined(EL_PROMPT_ESC) || !defined(H_SAVE_FP)
#error "bindlab needs a libedit with EL_PROMPT_ESC and H_SAVE_FP (NetBSD's editline of 2011 or later)"
#endif

// MARK: Standard streams

static inline FILE *cle_stdin(void) { return stdin; }
static inline FILE *cle_stdout(void) { return stdout; }
static inline FILE *cle_stderr(void) { return stderr; }

// MARK: Editor settings

/// The prompt callback libedit calls on each redraw.
typedef char *(*cle_prompt_fn)(EditLine *);

/// A key command added with EL_ADDFN; returns one of the CC_* codes.
typedef unsigned char (*cle_command_fn)(EditLine *, int);

/// Sets the prompt; text between two `ignore` characters (escape sequences)
/// takes no room on screen, so the cursor column stays right.
static inline int cle_set_prompt_esc(EditLine *el, cle_prompt_fn prompt, char ignore) {
    return el_set(el, EL_PROMPT_ESC, prompt, ignore);
}

static inline int cle_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *cle_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}

/// Adds a named key command that `cle_bind` can then bind.
static inline int cle_add_function(EditLine *el, const char *name, const char *help,
                                   cle_command_fn function) {
    return el_set(el, EL_ADDFN, name, help, function);
}

/// Binds one key sequence (`^I`, `^R`, `\e[A`) to a named command.
static inline int cle_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}

static inline int cle_set_history(EditLine *el, History *history_) {
    return el_set(el, EL_HIST, history, history_);
}

/// With signal handling on, libedit restores the terminal around SIGINT,
/// SIGTSTP and friends and tracks SIGWINCH while it reads.
static inline int cle_set_signal_handling(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

/// "emacs" or "vi".
static inline int cle_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

// MARK: History

static inline int cle_history_setsize(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

/// Drops an entry equal to the one before it.
static inline int cle_history_setunique(History *h, int unique) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, unique);
}

static inline int cle_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

/// Returns the number of entries read, or -1 when the file is missing or not a
/// libedit history file.
static inline int cle_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}

static inline int cle_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

/// Writes the whole history to an open stream, so the caller decides how the
/// file is created and replaced.
static inline int cle_history_save_fp(History *h, FILE *file) {
    HistEvent event;
    return history(h, &event, H_SAVE_FP, file);
}

// MARK: Signal-safe flags

/// Reads a flag that a signal handler may write, as one atomic load.
static inline int cle_flag_load(volatile sig_atomic_t *flag) {
    return __atomic_load_n(flag, __ATOMIC_SEQ_CST);
}

/// Writes a flag from a signal handler or from normal code, as one atomic store.
static inline void cle_flag_store(volatile sig_atomic_t *flag, int value) {
    __atomic_store_n(flag, value, __ATOMIC_SEQ_CST);
}
