import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { decodeAccountConfig } from '@support/domain';
import { exampleConfig } from '../support/example-config';

const problemsOf = (raw: unknown): string[] => {
  const r = decodeAccountConfig(raw);
  return E.isLeft(r) ? r.left.map((p) => p.message) : [];
};

describe('account configuration', () => {
  it('given the operator example, when decoded, then every account and token is usable', () => {
    const r = decodeAccountConfig(exampleConfig());
    expect(E.isRight(r)).to.equal(true);
    if (E.isLeft(r)) return;
    expect(r.right.accounts.map((a) => a.id)).to.deep.equal(['acme', 'globex']);
    expect(r.right.principalForToken('acme-admin-token-0001')?.role).to.equal('admin');
  });

  it('given a plaintext token, when presented, then it resolves account, user and role', () => {
    const r = decodeAccountConfig(exampleConfig());
    if (E.isLeft(r)) throw new Error('example must decode');
    const p = r.right.principalForToken('acme-admin-token-0001');
    expect(p).to.include({ accountId: 'acme', tokenId: 'tok-admin', role: 'admin' });
    expect(p?.user?.id).to.equal('u-admin');
  });

  it('given a sha256 token, when its plaintext is presented, then it resolves; the digest itself does not', () => {
    const r = decodeAccountConfig(exampleConfig());
    if (E.isLeft(r)) throw new Error('example must decode');
    expect(r.right.principalForToken('acme-agent-token-0001')).to.include({ accountId: 'acme', tokenId: 'tok-agent', role: 'agent' });
    expect(r.right.principalForToken('212a99c68826f758489142036785727cfa0df3373d8cb8145c07741ef07df6c8')).to.equal(null);
    expect(r.right.principalForToken('nope')).to.equal(null);
  });

  it('given a bad enum value, then the message names the account, the path and the reason', () => {
    const raw = exampleConfig();
    (raw.accounts[0].users as { role: string }[])[1].role = 'owner';
    const problems = problemsOf(raw);
    expect(problems).to.have.length(1);
    expect(problems[0]).to.match(/^account "acme": accounts\[0\]\.users\[1\]\.role must be .*admin.*agent.*got "owner"/);
  });

  it('given a missing required key, then it is named with its path', () => {
    const raw = exampleConfig();
    delete raw.accounts[1].name;
    expect(problemsOf(raw)).to.deep.equal(['account "globex": accounts[1].name is required']);
  });

  it('given a data point with an unknown source, then the message lists the sources', () => {
    const raw = exampleConfig();
    (raw.accounts[0].dataPoints as { source: string }[])[2].source = 'weird';
    expect(problemsOf(raw)[0]).to.match(/accounts\[0\]\.dataPoints\[2\]\.source must be one of customer, order, spreadsheet, integration, computed, executeAction/);
  });

  it('given a data point branch with a bad field, then the error is of its own branch', () => {
    const raw = exampleConfig();
    delete (raw.accounts[0].dataPoints as Record<string, unknown>[])[5].expression;
    expect(problemsOf(raw)).to.deep.equal(['account "acme": accounts[0].dataPoints[5].expression is required']);
  });

  it('given a transition to a task that does not exist, then the reference is reported', () => {
    const raw = exampleConfig();
    (raw.accounts[0].tasks as { transitions: { to: string }[] }[])[0].transitions[0].to = 'task-missing';
    expect(problemsOf(raw)).to.deep.equal(['account "acme": accounts[0].tasks[0].transitions[0].to names no task of this account ("task-missing")']);
  });

  it('given an invalid JSONata expression, then it is reported at its path', () => {
    const raw = exampleConfig();
    (raw.accounts[0].dataPoints as { expression?: string }[])[5].expression = "order_status = ('";
    expect(problemsOf(raw)[0]).to.match(/^account "acme": accounts\[0\]\.dataPoints\[5\]\.expression is not a valid JSONata expression/);
  });

  it('given a token of an unknown user, or with neither token nor sha256, then both are reported', () => {
    const raw = exampleConfig();
    const tokens = raw.accounts[0].accessTokens as Record<string, unknown>[];
    tokens[0].userId = 'u-ghost';
    delete tokens[1].sha256;
    const problems = problemsOf(raw);
    expect(problems).to.include('account "acme": accounts[0].accessTokens[0].userId names no user of this account ("u-ghost")');
    expect(problems).to.include('account "acme": accounts[0].accessTokens[1] must have exactly one of "token" or "sha256"');
  });

  it('given duplicate account ids and token ids, then both are reported', () => {
    const raw = exampleConfig();
    raw.accounts[1].id = 'acme';
    (raw.accounts[1].accessTokens as { id: string }[])[0].id = 'tok-admin';
    const problems = problemsOf(raw).join('\n');
    expect(problems).to.include('accounts[1].id duplicates account id "acme"');
    expect(problems).to.include('accounts[1].accessTokens[0].id duplicates access token id "tok-admin"');
  });

  it('given bad opening hours and a malformed sha256, then each names its path', () => {
    const raw = exampleConfig();
    (raw.accounts[0].openingHours as { days: Record<string, string[]> }).days.mon = ['18:00-09:00'];
    (raw.accounts[0].accessTokens as Record<string, unknown>[])[1].sha256 = 'abc';
    const problems = problemsOf(raw).join('\n');
    expect(problems).to.include('accounts[0].openingHours.days.mon[0] must be "HH:MM-HH:MM" with the start before the end');
    expect(problems).to.include('accounts[0].accessTokens[1].sha256 must be a 64-character hex sha256 digest');
  });

  it('given an invalid business timezone, then the account still loads (exports fall back to Asia/Kolkata)', () => {
    const raw = exampleConfig();
    expect(raw.accounts[1].timezone).to.equal('Not/AZone');
    expect(problemsOf(raw)).to.deep.equal([]);
  });

  it('given a document without accounts, then the path is the document key', () => {
    expect(problemsOf({})).to.deep.equal(['configuration: accounts is required']);
  });
});
