import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, solveChallenge, verifySolution } from 'altcha-lib';
import type { Challenge, Payload } from 'altcha-lib/types';
import { QUESTIONNAIRE_LIMITS } from '../../domain/questionnaires';
import { AppError } from '../../domain/errors';

/**
 * The public questionnaire's bot check: an ALTCHA proof-of-work, solved by the visitor's browser and verified here.
 * Offline (no outside service), signed with a key derived from the app secret, bound to one questionnaire, expiring
 * after ten minutes, and usable once: the signature of every accepted solution is kept until it expires.
 */
function botCheckKey(appSecret: string): string {
  return createHmac('sha256', appSecret).update('questionnaire-bot-check').digest('hex');
}

export async function issueChallenge(appSecret: string, questionnaireId: string, now = new Date()): Promise<Challenge> {
  return createChallenge({
    hmacKey: botCheckKey(appSecret),
    maxnumber: QUESTIONNAIRE_LIMITS.challengeMaxNumber,
    expires: new Date(now.getTime() + QUESTIONNAIRE_LIMITS.challengeTtlSeconds * 1000),
    params: { q: questionnaireId },
  });
}

function decodePayload(raw: unknown): Payload | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Partial<Payload>;
    const ok =
      typeof parsed.algorithm === 'string' &&
      typeof parsed.challenge === 'string' &&
      typeof parsed.number === 'number' &&
      typeof parsed.salt === 'string' &&
      typeof parsed.signature === 'string';
    return ok ? (parsed as Payload) : null;
  } catch {
    return null;
  }
}

/**
 * Accepts a solved, unexpired challenge issued for this questionnaire (anything else is BOT_CHECK_FAILED) and
 * answers what marks it used: the caller stores the signature with the response, so a replay fails there.
 */
export async function verifyBotCheck(
  appSecret: string,
  questionnaireId: string,
  raw: unknown,
): Promise<{ signature: string; expiresAt: Date }> {
  const payload = decodePayload(raw);
  const fail = () => new AppError('BOT_CHECK_FAILED', [{ field: 'altcha', message: 'Bot check failed.' }]);
  if (!payload) throw fail();
  const params = extractParams(payload);
  if (params.q !== questionnaireId) throw fail();
  if (!(await verifySolution(payload, botCheckKey(appSecret), true))) throw fail();
  return { signature: payload.signature, expiresAt: new Date(Number(params.expires) * 1000) };
}

/**
 * Solves a challenge as the visitor's browser does, answering the base64 payload the submission carries. For clients
 * other than the browser: the integration tests and the demo data loader.
 */
export async function solveChallengePayload(c: Challenge): Promise<string> {
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('The proof-of-work challenge has no solution in its range.');
  const payload: Payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solution.number,
    salt: c.salt,
    signature: c.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
