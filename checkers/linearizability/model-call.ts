/**
 * How the search and its cache call a model's functions: through this one
 * call site, which every model function of every check goes through. V8
 * soon sees it call many functions and then calls whatever function comes,
 * never inlining one model's into the search on the guess that it is the
 * only one. A direct call would be inlined, and the first check of another
 * model in the process would throw the search's optimized code away: that
 * search then ran unoptimized and paid the search's recompilation (on
 * Knossos's corpus, its one mutex history, checked after the cas-register
 * histories, took 1.2 to 9.6 ms of CPU, up to 26 ms wall on a loaded machine;
 * called so, 0.3 to 1.5 ms of CPU). Not `f.call(undefined, ...)`: its
 * optimized code checks the map of `f` (an arrow function's is not a
 * function declaration's).
 */

/** `f(a, b, c)`, called from the one call site all model functions share. */
export function callModel<A, B, C, R>(f: (a: A, b: B, c: C) => R, a: A, b?: B, c?: C): R {
  return f(a, b as B, c as C);
}
