/**
 * A story's facts in the order they happened. Each fact is dated when its
 * op reached the lock service or storage (a grant at its ok, a write when
 * storage recorded it), so sorting by that time tells the run as it went.
 */
import type { StoryFact } from "./story-types.js";

/**
 * `facts` sorted by time; ties keep their order, and a fact with no time
 * stays right after the fact before it. Pure.
 */
export function inTimeOrder(facts: readonly StoryFact[]): StoryFact[] {
  let last = -Infinity;
  const dated = facts.map((fact, position) => {
    if (fact.time !== undefined) last = fact.time;
    return { fact, at: fact.time ?? last, position };
  });
  return dated.sort((a, b) => a.at - b.at || a.position - b.position).map((d) => d.fact);
}
