import { BodyFindings, FindingGroup, MAX_BODY_DEPTH } from './body-inspection';
import { describePath } from './body-path';
import { HttpProblem, problem } from './problem';

/** "a.b, c and 12 more": the first few places and how many others. */
const somePlaces = (group: FindingGroup): string => {
  const named = group.paths.map(describePath);
  const more = group.count - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}` : named[0];
};

/**
 * The 400 of a body the edge refuses before any route sees it: too deep, with prototype keys, with
 * text that is not well-formed Unicode, or with text holding control characters. The message names the first few places and says how
 * many more, so it stays small whatever the body.
 */
export const bodyProblem = (findings: BodyFindings): HttpProblem | null => {
  const parts: string[] = [];
  const { tooDeep, forbiddenKeys, malformedText, controlCharacters } = findings;
  if (tooDeep.count > 0) {
    parts.push(`The body nests objects and arrays deeper than ${MAX_BODY_DEPTH} levels at ${somePlaces(tooDeep)}: send at most ${MAX_BODY_DEPTH} levels`);
  }
  if (forbiddenKeys.count > 0) {
    parts.push(`The keys "__proto__", "constructor" and "prototype" are never accepted: remove ${somePlaces(forbiddenKeys)}`);
  }
  if (malformedText.count > 0) {
    parts.push(`Text must be well-formed Unicode (a lone UTF-16 surrogate such as \\ud800 has no UTF-8 form): fix ${somePlaces(malformedText)}`);
  }
  if (controlCharacters.count > 0) {
    parts.push(`Text must not hold control characters (NUL and the other C0 characters; tab, line feed and carriage return are taken): remove them from ${somePlaces(controlCharacters)}`);
  }
  if (parts.length === 0) return null;
  const fields = [...tooDeep.paths, ...forbiddenKeys.paths, ...malformedText.paths, ...controlCharacters.paths].map(describePath);
  return problem(400, parts.join('; '), { fields });
};
