// Kit: the workshop's grader, `bindlab kit` (Docs/workshop.md, "The kit").
//
// An attendee writes a backend of their own in the workshop's slot (the
// `WorkshopBackend` target) task by task; this module knows the nine tasks
// (`Curriculum`), grades one on a backend with its checks — most of them the
// conformance suite's own, which the suite runs from here on every backend —
// its sessions (run by the Shell, which owns sessions) and its matrix
// verdicts (`Grader`), says what differs from the approach the attendee set
// out to build ("passed, but…", `Feedback`), and keeps the kit's files and
// progress (`KitFolder`, `KitState`), never writing through a link.
//
// The template, the reference solution (one folder a task) and the tasks'
// sessions are data under Template/, Reference/ and Sessions/, read from the
// package at run time: Package.swift excludes them from this target.
// May import: Domain, BindingKit, Playground, PlaygroundTestSupport,
// Experiments, WorkshopBackend, the C library.
