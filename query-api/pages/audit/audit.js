// The auditor's page: sign in, find a ticket, read its trail, each event verified in this browser.
import * as api from './api.js';
import { verifyTrail } from './trail.js';
import { actor, describe, erasureWords, sealedFields } from './words.js';

const TOKEN_KEY = 'audit.token';
const FOLLOW_MS = 3000;
const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

/** The token lives in this tab's session storage only: gone when the tab closes, never in a URL. */
const token = () => sessionStorage.getItem(TOKEN_KEY);
const say = (text) => { $('status').textContent = text; };

let shown = null; // { id, items: Map(revision → li), events, timer, verifierKey }

const showSignedIn = () => {
  const signedIn = token() !== null;
  $('signin').hidden = signedIn;
  $('signed-in').hidden = !signedIn;
  $('find-section').hidden = !signedIn;
  if (!signedIn) {
    $('ticket-section').hidden = true;
    stopFollowing();
    shown = null;
  }
};

const stopFollowing = () => {
  if (shown?.timer) clearInterval(shown.timer);
  if (shown) shown.timer = null;
};

const eventItem = (e) => {
  const raw = el('pre', { className: 'raw', textContent: JSON.stringify(e, null, 2) });
  const sealed = sealedFields(e);
  return el('li', { className: 'event' },
    el('p', { className: 'head' },
      el('time', { dateTime: e.created, textContent: new Date(e.created).toLocaleString() }), ' ',
      el('strong', { className: 'type', textContent: e.type }), ` by ${actor(e)}`),
    el('p', { className: 'words', textContent: describe(e) }),
    ...(sealed.length === 0 ? [] : [el('p', { className: 'sealed', textContent: `Personal fields sealed: ${sealed.join(', ')}` })]),
    el('p', { className: 'verdict', textContent: 'Checking…' }),
    el('details', {}, el('summary', { textContent: 'Raw event' }), raw));
};

/** The erasure of the ticket's customer, once done, as the trail's last line. */
const showErasure = (erasure) => {
  $('erasure').textContent = erasure ? erasureWords(erasure) : '';
  $('erasure').hidden = !erasure;
};

const render = (events) => {
  for (const e of events) {
    if (shown.items.has(e.revision)) continue;
    const item = eventItem(e);
    item.dataset.revision = String(e.revision);
    shown.items.set(e.revision, item);
    $('trail').append(item);
  }
};

const applyVerdicts = (result) => {
  for (const [revision, verdict] of result.verdicts) {
    const item = shown.items.get(revision);
    if (item === undefined) continue;
    item.dataset.verdict = verdict.state;
    item.querySelector('.verdict').textContent = verdict.text;
  }
  const counts = { verified: 0, 'not-verified': 0, pending: 0 };
  for (const v of result.verdicts.values()) counts[v.state] += 1;
  $('checkpoint').textContent = result.checkpoint
    ? `Latest signed checkpoint: ${result.checkpoint.size} events, signed ${result.checkpoint.time}; its Ed25519 signature verified in this browser with the log's key ${shown.verifierKey.split('+').slice(0, 2).join('+')}.`
    : `No verified checkpoint: ${result.problem}.`;
  $('summary').textContent = `${shown.events.length} events: ${counts.verified} verified, ${counts['not-verified']} not verified, ${counts.pending} pending.`;
};

const verify = async (read = api.ticketProofs(token(), shown.id)) => {
  const current = shown;
  const result = await verifyTrail(current.id, current.events, await read, current.verifierKey ?? '');
  if (shown === current) applyVerdicts(result);
};

/** One turn of following: new events are added, and verified once a checkpoint covers them. */
const refresh = async () => {
  if (shown === null || token() === null) return;
  const current = shown;
  const answer = await api.ticketEvents(token(), current.id);
  // Another ticket opened, or signed out, meanwhile: this answer is for nothing shown.
  if (shown !== current) return;
  if (!answer.ok) return say(`The trail could not be read (${answer.status}: ${answer.message}).`);
  const grew = answer.body.events.length > shown.events.length;
  shown.events = answer.body.events;
  render(shown.events);
  showErasure(answer.body.customerErasure);
  const waiting = [...shown.items.values()].some((i) => i.dataset.verdict === 'pending');
  if (grew || waiting) await verify();
  if (grew) say(`New events: the trail has ${shown.events.length}.`);
};

const follow = () => {
  stopFollowing();
  if ($('follow').checked && shown) shown.timer = setInterval(() => void refresh(), FOLLOW_MS);
};

const open = async (typed) => {
  stopFollowing();
  $('summary').textContent = '';
  say('Looking for the ticket…');
  const found = await api.findTicketId(token(), typed);
  if (!found.ok) return say(found.message);
  const proofs = api.ticketProofs(token(), found.id);
  const [details, events, head] = await Promise.all([api.ticket(token(), found.id), api.ticketEvents(token(), found.id), api.checkpoint(token())]);
  if (!events.ok) return say(events.status === 404 ? 'No such ticket in this account.' : `The trail could not be read (${events.status}: ${events.message}).`);
  shown = { id: found.id, items: new Map(), events: events.body.events, timer: null, verifierKey: head.ok ? head.body.verifierKey : null };
  const t = details.ok ? details.body.ticket : null;
  $('ticket-title').textContent = t ? `Ticket #${t.ticketNumber}${t.subject ? `: ${t.subject}` : ''} (${t.status})` : `Ticket ${found.id}`;
  $('trail').replaceChildren();
  $('summary').textContent = '';
  $('checkpoint').textContent = '';
  $('ticket-section').hidden = false;
  render(shown.events);
  showErasure(events.body.customerErasure);
  say(`Verifying ${shown.events.length} events…`);
  await verify(proofs);
  say(`Trail of ${shown.events.length} events shown.`);
  follow();
};

$('signin').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const typed = $('token').value.trim();
  if (typed === '') return say('Type an access token.');
  sessionStorage.setItem(TOKEN_KEY, typed);
  $('token').value = '';
  showSignedIn();
  say('Signed in. Find a ticket by its number or id.');
  $('ticket').focus();
});
$('signout').addEventListener('click', () => {
  sessionStorage.removeItem(TOKEN_KEY);
  showSignedIn();
  say('Signed out: the token is gone from this tab.');
});
$('find').addEventListener('submit', (ev) => {
  ev.preventDefault();
  void open($('ticket').value);
});
$('follow').addEventListener('change', follow);
showSignedIn();
