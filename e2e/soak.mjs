// The multi-tab soak, shared by the bench (bench/sections/soak.mjs: 10 tabs, many iterations) and
// the browser tests (e2e/soak.test.mjs: 3 tabs, a few rounds, a fixed seed).
//
// One iteration: a fresh browser context (so a fresh IndexedDB, shared by its tabs), N tabs each
// signed up as its own user through the UI, an open tribe and a recruiting project created by the
// first user, then R rounds in which every tab at once performs one write picked by a seeded
// random generator, through the UI, as fast as the UI answers: friend send, accept, decline,
// cancel and remove; join and leave the tribe; post (two texts in a row, the second submitted
// while the first is on its way) and delete a post; comment on a post and delete one's comment;
// react to a post or take the reaction back (the count's button or the Add reaction menu); ask to
// join and withdraw from the project, and (the owner) approve or decline; edit the profile's bio.
// Every submission is recorded with its answer: acknowledged (the UI shows the new state), a
// message (an alert, or the post it was about deleted meanwhile), or none.
//
// Then the stored data is read from IndexedDB in a page and checked:
// - every submission was acknowledged or answered with a message;
// - every acknowledged write is stored, unless a later acknowledged operation undid it (posts,
//   deletions, tribe membership, comments and their deletions, reactions and taking them back,
//   the project's requests and team, profile bios);
// - every counter equals what it counts: users' friendCount and postCount, tribes' postCount and
//   memberCount, posts' commentCount and reactionCounts, comments' reactionCounts, projects' team
//   (members and memberIds); one reaction document per person, item and kind;
// - friendships are symmetric; pending requests are mirrored on both sides, never duplicated,
//   never between friends, never both ways at once; no pending friend removal is left behind.
// The same seed replays the same choices (the timing of a browser under load varies).
import { randomBytes } from 'node:crypto';

const PASSWORD = 'correct-horse-42';
/** How long the UI may take to answer one submission before it counts as unanswered. */
const ANSWER_TIMEOUT_MS = 20_000;
/** How long a page may take to load (ten tabs on two cores). */
const LOAD_TIMEOUT_MS = 30_000;
/** How long to wait, once a page is loaded, for a button the current state should show. */
const FIND_TIMEOUT_MS = 3_000;

/** mulberry32: a small seeded generator, so an iteration's choices replay from its seed. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (entries) => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1][0];
    },
  };
}

// ---------- UI helpers ----------

const heading = (page, name) => page.getByRole('heading', { level: 1, name });
const visible = (locator, timeout = ANSWER_TIMEOUT_MS) => locator.first().waitFor({ state: 'visible', timeout });

/** Resolves with the name of the first condition that holds, or null after `timeoutMs`. */
async function firstOf(conditions, timeoutMs = ANSWER_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const [name, check] of Object.entries(conditions)) {
      if (await check().catch(() => false)) return name;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

const isVisible = (locator) => () => locator.first().isVisible();
const alertText = async (page, answer) =>
  answer === 'message'
    ? await page
        .getByRole('alert')
        .first()
        .textContent()
        .catch(() => '')
    : null;

/** From now on, every alert or status message the page shows is logged in the page (the page's outcome messages). */
async function watchAlerts(page) {
  await page.evaluate(() => {
    const seen = [];
    const snapshot = () => {
      for (const element of document.querySelectorAll('.alert')) {
        const entry = { error: element.classList.contains('alert--error'), text: element.textContent.trim() };
        if (!seen.some((old) => old.error === entry.error && old.text === entry.text)) seen.push(entry);
      }
    };
    window.soakAlertObserver?.disconnect();
    window.soakAlerts = seen;
    window.soakAlertObserver = new MutationObserver(snapshot);
    window.soakAlertObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The answer among the messages logged since watchAlerts: the success `message`, or any error. */
async function answerFromAlerts(page, successText) {
  let error = null;
  const answer = await firstOf({
    ack: async () =>
      (await page.evaluate(() => window.soakAlerts)).some((entry) => !entry.error && entry.text === successText),
    message: async () => {
      error = (await page.evaluate(() => window.soakAlerts)).find((entry) => entry.error)?.text ?? null;
      return error !== null;
    },
  });
  return { answer, message: error };
}

/** Opens `path`, reloading it if an earlier answer (an alert) is still on screen, so every alert seen is new. */
async function goto(tab, path, { freshOutcomes = false } = {}) {
  if (new URL(tab.page.url()).pathname !== path) await tab.page.goto(path);
  else if ((await tab.page.locator(freshOutcomes ? '.alert' : '[role="alert"]').count()) > 0) await tab.page.reload();
}

/** Signs a new user up through the form (60 s: the soak and the bench run on a loaded machine). */
export async function signUp(page, user) {
  await page.goto('/signup');
  await page.getByLabel('Display name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await visible(heading(page, 'Dashboard'), 60_000);
}

async function uidOf(page) {
  const link = page.getByRole('banner').getByRole('link', { name: /, your profile$/ });
  await visible(link);
  const href = await link.getAttribute('href');
  return decodeURIComponent(/^\/profile\/(.+)$/.exec(href ?? '')?.[1] ?? '');
}

/**
 * One user per tab, each page from `newPage()`. In one shared context a new tab starts as the last
 * user signed in, so it logs out first (`sharedSession`); a context of its own starts signed out.
 */
async function signUpTabs(newPage, count, label, { sharedSession = true } = {}) {
  const tabs = [];
  for (let index = 0; index < count; index += 1) {
    const page = await newPage();
    const user = {
      name: `Soak ${label} ${index} ${randomBytes(2).toString('hex')}`,
      email: `soak-${label}-${index}-${randomBytes(3).toString('hex')}@example.com`,
      password: PASSWORD,
    };
    if (index > 0 && sharedSession) {
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Log out', exact: true }).click();
      await visible(page.getByRole('link', { name: 'Log in', exact: true }));
    }
    await signUp(page, user);
    tabs.push({ index, page, user, uid: await uidOf(page), counter: 0 });
  }
  return tabs;
}

async function createTribe(tab, name) {
  const { page } = tab;
  await page.goto('/tribes/create');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Tagline').fill('Written to by the soak');
  await page.getByLabel('Add a topic').fill('Rust');
  await page.getByLabel('Add a topic').press('Enter');
  await page.getByRole('button', { name: 'Create tribe', exact: true }).click();
  await visible(heading(page, name));
  return decodeURIComponent(/^\/tribes\/([^/]+)$/.exec(new URL(page.url()).pathname)[1]);
}

async function createProject(tab, title) {
  const { page } = tab;
  await page.goto('/project-matchmaking');
  await page.getByRole('button', { name: 'Create project', exact: true }).click();
  const form = page.getByRole('region', { name: 'Create project' });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Summary').fill('Written to by the soak');
  await form.getByLabel('Required skills').fill('React, Rust');
  await form.getByLabel('Commitment (hours a week)').fill('4');
  await form.getByRole('button', { name: 'Create project' }).click();
  await page.getByRole('link', { name: 'Open it' }).click();
  await visible(heading(page, title));
  return decodeURIComponent(/^\/project-matchmaking\/([^/]+)$/.exec(new URL(page.url()).pathname)[1]);
}

// ---------- the operations ----------

/** Every operation returns submissions: { kind, tab, ..., answer: 'ack' | 'message' | null, at }. */
const submission = (tab, kind, fields, answer) => ({
  kind,
  tab: tab.index,
  uid: tab.uid,
  ...fields,
  answer,
  at: Date.now(),
});

/** The tribe page, loaded down to its feed. */
async function openTribe(tab, world) {
  const { page } = tab;
  await goto(tab, `/tribes/${encodeURIComponent(world.tribeId)}`);
  await visible(page.getByRole('list', { name: 'Posts' }).or(page.getByText(/^No posts yet/)), LOAD_TIMEOUT_MS);
  // The membership is loaded: Join or Leave, or for the owner of a tribe with members, no Leave but a note.
  await visible(
    page
      .getByRole('button', { name: /^(Join tribe|Leave tribe)$/ })
      .or(page.getByText('You can leave once you are its only member.')),
    LOAD_TIMEOUT_MS,
  );
}

async function opPosts(tab, world) {
  const { page } = tab;
  await openTribe(tab, world);
  const composer = page.getByLabel('Write a post');
  const join = page.getByRole('button', { name: 'Join tribe', exact: true });
  const found = await firstOf({ composer: isVisible(composer), join: isVisible(join) }, FIND_TIMEOUT_MS);
  if (found !== 'composer') return opMembership(tab, world);
  // Two texts in a row: the second typed and submitted while the first is on its way.
  const bodies = [1, 2].map(() => `soak-${world.label}-${tab.index}-${(tab.counter += 1)}`);
  const post = page.getByRole('button', { name: 'Post', exact: true });
  for (const body of bodies) {
    await composer.fill(body);
    await post.click();
  }
  const feed = page.getByRole('list', { name: 'Posts' });
  const alert = page.getByRole('form', { name: 'New post' }).getByRole('alert');
  const results = [];
  for (const body of bodies) {
    const answer = await firstOf({
      ack: isVisible(feed.getByText(body, { exact: true })),
      message: isVisible(alert),
    });
    results.push(
      submission(
        tab,
        'post',
        { body, message: answer === 'message' ? await alert.first().textContent() : null },
        answer,
      ),
    );
  }
  // Refused texts stay in the composer: clear it for the next round.
  if (results.some((result) => result.answer === 'message')) await composer.fill('');
  return results;
}

async function opDeletePost(tab, world) {
  const { page } = tab;
  await openTribe(tab, world);
  const deleteButton = page
    .getByRole('list', { name: 'Posts' })
    .getByRole('button', { name: 'Delete', exact: true })
    .first();
  if (!(await deleteButton.isVisible())) return opPosts(tab, world);
  const body = await deleteButton.locator('xpath=ancestor::article[1]').locator('.post__body').textContent();
  await deleteButton.click();
  await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete post' }).click();
  const answer = await firstOf({
    ack: async () => (await page.getByRole('list', { name: 'Posts' }).getByText(body, { exact: true }).count()) === 0,
    message: isVisible(page.getByRole('alert')),
  });
  return [submission(tab, 'deletePost', { body, message: await alertText(page, answer) }, answer)];
}

async function opMembership(tab, world) {
  const { page } = tab;
  await openTribe(tab, world);
  const join = page.getByRole('button', { name: 'Join tribe', exact: true });
  const leave = page.getByRole('button', { name: 'Leave tribe', exact: true });
  const found = await firstOf({ join: isVisible(join), leave: isVisible(leave) }, FIND_TIMEOUT_MS);
  if (found === null) return [];
  await (found === 'join' ? join : leave).click();
  const after = found === 'join' ? leave : join;
  const answer = await firstOf({
    ack: async () => (await after.isVisible()) && (await after.isEnabled()),
    message: isVisible(page.getByRole('alert')),
  });
  return [submission(tab, found, { message: await alertText(page, answer) }, answer)];
}

const FRIEND_BUTTONS = ['Add friend', 'Cancel request', 'Accept', 'Decline', 'Remove friend'];
const FRIEND_KIND = {
  'Add friend': 'send',
  'Cancel request': 'cancel',
  Accept: 'accept',
  Decline: 'decline',
  'Remove friend': 'remove',
};

async function friendButtons(group) {
  const shown = [];
  for (const name of FRIEND_BUTTONS) {
    const button = group.getByRole('button', { name, exact: true });
    if ((await button.count()) > 0 && (await button.first().isEnabled())) shown.push(name);
  }
  return shown;
}

async function opFriend(tab, world, random) {
  const { page } = tab;
  const other = random.pick(world.tabs.filter((candidate) => candidate !== tab));
  await goto(tab, `/profile/${encodeURIComponent(other.uid)}`);
  const group = page.getByRole('group', { name: `Friendship with ${other.user.name}`, exact: true });
  await visible(group, LOAD_TIMEOUT_MS);
  let before = [];
  const deadline = Date.now() + FIND_TIMEOUT_MS;
  while (before.length === 0 && Date.now() < deadline) {
    before = await friendButtons(group).catch(() => []);
    if (before.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (before.length === 0) return [];
  const choice = random.pick(before);
  // Every state the group goes through is logged in the page: the other side may change the
  // relationship again right after, faster than polling from here could see.
  await group.evaluate((element) => {
    const snapshot = () => {
      const buttons = [...element.querySelectorAll('.relationship__buttons button')]
        .filter((button) => !button.disabled)
        .map((button) => button.textContent.trim());
      const alert = element.querySelector('[role="alert"]')?.textContent ?? null;
      return { buttons: buttons.join(','), alert };
    };
    element.soakLog = [snapshot()];
    element.soakObserver?.disconnect();
    element.soakObserver = new MutationObserver(() => element.soakLog.push(snapshot()));
    element.soakObserver.observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  try {
    await group.getByRole('button', { name: choice, exact: true }).click({ timeout: 2_000 });
    if (choice === 'Remove friend') {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: 'Remove friend', exact: true })
        .click({ timeout: 2_000 });
    }
  } catch {
    return []; // the other side changed the relationship first: the button went before the click
  }
  const log = () => group.evaluate((element) => element.soakLog);
  const initial = (await log())[0].buttons;
  const answer = await firstOf({
    message: async () => (await log()).some((state) => state.alert),
    ack: async () => (await log()).some((state) => state.buttons !== '' && state.buttons !== initial),
  });
  const message = answer === 'message' ? (await log()).find((state) => state.alert).alert : null;
  return [submission(tab, FRIEND_KIND[choice], { other: other.uid, message }, answer)];
}

async function opProject(tab, world) {
  const { page } = tab;
  await goto(tab, `/project-matchmaking/${encodeURIComponent(world.projectId)}`, { freshOutcomes: true });
  await visible(page.getByRole('region', { name: 'Join this project' }), LOAD_TIMEOUT_MS);
  const apply = page.getByRole('button', { name: 'Request to join', exact: true });
  const withdraw = page.getByRole('button', { name: 'Withdraw', exact: true });
  const member = page.getByText('You are a member of this team.');
  const found = await firstOf(
    { apply: isVisible(apply), withdraw: isVisible(withdraw), member: isVisible(member) },
    FIND_TIMEOUT_MS,
  );
  if (found === null || found === 'member') return opPosts(tab, world);
  if (found === 'apply') await page.getByLabel('Note to the owner').fill(`note-${world.label}-${tab.index}`);
  // The page says how each request ended ("Request sent", "Request withdrawn", or why not).
  await watchAlerts(page);
  try {
    await (found === 'apply' ? apply : withdraw).click({ timeout: 2_000 });
  } catch {
    return []; // the owner answered first: Withdraw went before the click
  }
  const { answer, message } = await answerFromAlerts(page, found === 'apply' ? 'Request sent' : 'Request withdrawn');
  return [submission(tab, found, { message }, answer)];
}

async function opAnswer(tab, world, random) {
  const { page } = tab;
  await goto(tab, `/project-matchmaking/${encodeURIComponent(world.projectId)}`, { freshOutcomes: true });
  await visible(page.getByRole('heading', { name: /^Requests to join/ }), LOAD_TIMEOUT_MS);
  const requests = page.getByRole('listitem', { name: /^Request from / });
  if ((await firstOf({ found: isVisible(requests) }, 1_000)) === null) return opProfile(tab, world);
  const names = await requests.evaluateAll((items) =>
    items.map((item) => item.getAttribute('aria-label').slice('Request from '.length)),
  );
  const name = random.pick(names);
  const applicant = world.tabs.find((candidate) => candidate.user.name === name);
  if (!applicant) return [];
  const approve = random.next() < 0.6;
  await watchAlerts(page);
  try {
    await page
      .getByRole('button', { name: `${approve ? 'Approve' : 'Decline'} ${name}`, exact: true })
      .click({ timeout: 2_000 });
  } catch {
    return []; // withdrawn meanwhile
  }
  // Not the request leaving the list: a withdrawal meanwhile takes it away too.
  const { answer, message } = await answerFromAlerts(page, approve ? 'Request approved' : 'Request declined');
  return [submission(tab, approve ? 'approveRequest' : 'declineRequest', { other: applicant.uid, message }, answer)];
}

async function opProfile(tab, world) {
  const { page } = tab;
  await goto(tab, `/profile/${encodeURIComponent(tab.uid)}`);
  await page.getByRole('button', { name: 'Edit profile' }).click({ timeout: LOAD_TIMEOUT_MS });
  const bio = `bio-${world.label}-${tab.index}-${(tab.counter += 1)}`;
  await page.getByLabel('Bio').fill(bio);
  await page.getByRole('button', { name: 'Save profile' }).click();
  const answer = await firstOf({
    ack: isVisible(page.getByText('Your profile was saved.', { exact: true })),
    message: isVisible(page.locator('#profile-editor').getByRole('alert')),
  });
  if (answer !== 'ack') await page.reload();
  return [submission(tab, 'profile', { bio }, answer)];
}

// ---------- conversations: comments and reactions under the tribe's posts ----------

const REACTION_NAMES = {
  thumbsUp: 'Thumbs up',
  heart: 'Heart',
  party: 'Party',
  rocket: 'Rocket',
  eyes: 'Eyes',
  laugh: 'Laugh',
};

/** One of the first posts on the tribe's page, with its text; null when there is none. */
async function pickPost(tab, random) {
  const items = tab.page.getByRole('list', { name: 'Posts' }).locator(':scope > li');
  const count = await items.count();
  if (count === 0) return null;
  const item = items.nth(random.int(Math.min(count, 5)));
  const body = (await item.locator('.post__body').first().textContent({ timeout: FIND_TIMEOUT_MS }))?.trim();
  if (!body) return null;
  // Located by its text from now on: the feed moves as others post.
  return { body, item: tab.page.getByRole('list', { name: 'Posts' }).locator(':scope > li').filter({ hasText: body }) };
}

/** The post's thread, opened (its button says "Comment" or the count). */
async function openThread(post) {
  const toggle = post.item.locator('.conversation__toggle');
  if ((await toggle.getAttribute('aria-expanded', { timeout: FIND_TIMEOUT_MS })) !== 'true') await toggle.click();
  await visible(post.item.locator('.thread'), LOAD_TIMEOUT_MS);
}

/** The post left the feed (its author deleted it) while the submission was on its way: that is its answer. */
const postGone = (post) => async () => (await post.item.count()) === 0;

async function opComment(tab, world, random) {
  const { page } = tab;
  await openTribe(tab, world);
  const post = await pickPost(tab, random);
  if (!post) return opPosts(tab, world);
  await openThread(post);
  const composer = post.item.getByLabel('Write a comment');
  const join = page.getByRole('button', { name: 'Join tribe', exact: true });
  const found = await firstOf({ composer: isVisible(composer), join: isVisible(join) }, FIND_TIMEOUT_MS);
  if (found !== 'composer') return opMembership(tab, world);
  const body = `comment-${world.label}-${tab.index}-${(tab.counter += 1)}`;
  await composer.fill(body);
  await post.item.getByRole('button', { name: 'Post comment', exact: true }).click();
  const alert = post.item.locator('.comment-form').getByRole('alert');
  const answer = await firstOf({
    ack: isVisible(post.item.getByRole('list', { name: 'Comments' }).getByText(body, { exact: true })),
    message: isVisible(alert),
    gone: postGone(post),
  });
  const message =
    answer === 'message' ? await alert.first().textContent() : answer === 'gone' ? 'the post was deleted' : null;
  if (answer === 'message') await composer.fill('').catch(() => undefined);
  return [submission(tab, 'comment', { postBody: post.body, body, message }, answer === 'gone' ? 'message' : answer)];
}

async function opDeleteComment(tab, world, random) {
  await openTribe(tab, world);
  // One of this user's acknowledged comments, newest first: older ones may be past the thread's live page.
  const own = world.ownComments.get(tab.uid) ?? [];
  for (const candidate of [...own].reverse()) {
    const item = tab.page
      .getByRole('list', { name: 'Posts' })
      .locator(':scope > li')
      .filter({ hasText: candidate.postBody });
    if ((await item.count()) === 0) continue;
    const post = { body: candidate.postBody, item };
    await openThread(post);
    const comment = post.item.getByRole('article').filter({ hasText: candidate.body }).last();
    const button = comment.getByRole('button', { name: 'Delete comment', exact: true });
    if ((await firstOf({ found: isVisible(button) }, FIND_TIMEOUT_MS)) === null) continue;
    await button.click();
    await tab.page
      .getByRole('dialog', { name: 'Delete this comment?' })
      .getByRole('button', { name: 'Delete comment', exact: true })
      .click();
    const alert = post.item.locator('.thread__notice').getByRole('alert');
    const answer = await firstOf({
      ack: async () =>
        (await post.item.getByRole('list', { name: 'Comments' }).getByText(candidate.body, { exact: true }).count()) ===
        0,
      message: isVisible(alert),
    });
    own.splice(own.indexOf(candidate), 1);
    return [
      submission(
        tab,
        'deleteComment',
        {
          postBody: candidate.postBody,
          body: candidate.body,
          message: answer === 'message' ? await alert.textContent() : null,
        },
        answer,
      ),
    ];
  }
  return opComment(tab, world, random);
}

async function opReact(tab, world, random) {
  const { page } = tab;
  await openTribe(tab, world);
  const post = await pickPost(tab, random);
  if (!post) return opPosts(tab, world);
  const group = post.item.getByRole('group', { name: /^Reactions to .*'s post$/ });
  const menuButton = group.getByRole('button', { name: 'Add reaction', exact: true });
  const join = page.getByRole('button', { name: 'Join tribe', exact: true });
  const found = await firstOf({ menu: isVisible(menuButton), join: isVisible(join) }, FIND_TIMEOUT_MS);
  if (found !== 'menu') return opMembership(tab, world);
  const reaction = random.pick(Object.keys(REACTION_NAMES));
  const name = REACTION_NAMES[reaction];
  const button = group.getByRole('button', { name: new RegExp(`^${name}: [\\d,]+$`) });
  const wasMine = (await button.count()) > 0 && (await button.first().getAttribute('aria-pressed')) === 'true';
  // Half through the count's own button where there is one, half through the menu.
  if ((await button.count()) > 0 && random.next() < 0.5) await button.first().click();
  else {
    await menuButton.click();
    await page.getByRole('menu', { name: 'Reactions' }).getByRole('menuitem', { name, exact: true }).click();
  }
  const want = !wasMine;
  // The press shows at once; its answer is the group no longer busy, with the press kept (or an alert).
  const alert = group.getByRole('alert');
  const answer = await firstOf({
    message: isVisible(alert),
    ack: async () => {
      if ((await group.getAttribute('aria-busy')) === 'true') return false;
      const pressed = (await button.count()) > 0 && (await button.first().getAttribute('aria-pressed')) === 'true';
      return pressed === want && (await alert.count()) === 0;
    },
    gone: postGone(post),
  });
  const message =
    answer === 'message' ? await alert.first().textContent() : answer === 'gone' ? 'the post was deleted' : null;
  if (answer === 'message')
    await group
      .getByRole('button', { name: 'Dismiss' })
      .click()
      .catch(() => undefined);
  return [
    submission(tab, 'react', { postBody: post.body, reaction, want, message }, answer === 'gone' ? 'message' : answer),
  ];
}

function pickOperation(tab, random) {
  const owner = tab.index === 0;
  return random.weighted([
    [opPosts, 3],
    [opDeletePost, 1],
    [opMembership, owner ? 0 : 1],
    [opFriend, 4],
    [opProject, owner ? 0 : 1],
    [opAnswer, owner ? 2 : 0],
    [opProfile, 1],
    [opComment, 3],
    [opDeleteComment, 1],
    [opReact, 3],
  ]);
}

// ---------- the stored data ----------

/** Every document of the embedded backend's database ('devtribe-2', store 'docs'). */
function readStore() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('devtribe-2');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const request = db.transaction('docs', 'readonly').objectStore('docs').getAll();
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        db.close();
        resolve(request.result.map(({ collection, id, data }) => ({ collection, id, data })));
      };
    };
  });
}

/** The invariants over the stored documents and the recorded submissions; each violation is a sentence. */
export function checkInvariants(docs, submissions, world) {
  const violations = [];
  const of = (collection) => docs.filter((doc) => doc.collection === collection);
  // A user's public document with their private inbox's requests and notifications (docs/friends-model.md).
  const inboxes = new Map(of('inboxes').map((doc) => [doc.id, doc.data]));
  const users = new Map(of('users').map((doc) => [doc.id, { ...doc.data, ...(inboxes.get(doc.id) ?? {}) }]));
  const posts = of('posts').map((doc) => doc.data);
  const tribes = of('tribes');
  const members = of('tribeMembers').map((doc) => doc.data);
  // Lists are maps keyed by id (older documents: arrays); a map entry must sit under its own id.
  const entriesOf = (list) =>
    Array.isArray(list) ? list : list && typeof list === 'object' ? Object.values(list) : [];
  const ids = (list, field) => entriesOf(list).map((entry) => entry?.[field]);

  const nameOf = (uid) => world.tabs.find((tab) => tab.uid === uid)?.user.name ?? uid;
  for (const [uid, data] of users) {
    for (const [listName, field] of [
      ['friends', 'id'],
      ['friendRequests', 'senderId'],
      ['sentFriendRequests', 'receiverId'],
    ]) {
      const list = data[listName];
      if (list && typeof list === 'object' && !Array.isArray(list)) {
        for (const [key, entry] of Object.entries(list))
          if (entry?.[field] !== key)
            violations.push(`${nameOf(uid)}: ${listName} entry under ${key} names ${entry?.[field]}`);
      }
    }
  }
  // Every submission got an answer.
  for (const s of submissions) {
    if (s.answer === null)
      violations.push(
        `tab ${s.tab}: ${s.kind}${s.body ? ` "${s.body}"` : ''}${s.other ? ` (${nameOf(s.other)})` : ''} was neither acknowledged nor answered with a message${s.message ? ` (${s.message})` : ''}`,
      );
  }
  const acked = submissions.filter((s) => s.answer === 'ack');

  // Acknowledged posts are stored unless an acknowledged delete took them.
  const deleted = new Set(acked.filter((s) => s.kind === 'deletePost').map((s) => s.body));
  const storedBodies = new Set(posts.map((post) => post.body));
  for (const s of acked.filter((s) => s.kind === 'post')) {
    if (!deleted.has(s.body) && !storedBodies.has(s.body))
      violations.push(`tab ${s.tab}: acknowledged post "${s.body}" is not stored`);
  }
  for (const body of deleted)
    if (storedBodies.has(body))
      violations.push(`acknowledged deletion of "${body}" is not stored: the post is still there`);

  // Tribe membership: each user's last acknowledged join or leave holds.
  for (const tab of world.tabs.slice(1)) {
    const last = acked.filter((s) => s.uid === tab.uid && (s.kind === 'join' || s.kind === 'leave')).at(-1);
    if (!last) continue;
    const membership = members.find((m) => m.tribeId === world.tribeId && m.uid === tab.uid && m.status === 'active');
    if ((last.kind === 'join') !== Boolean(membership))
      violations.push(`tab ${tab.index}: acknowledged ${last.kind} of the tribe is not stored`);
  }

  // Profiles: the last acknowledged bio is stored.
  for (const tab of world.tabs) {
    const last = acked.filter((s) => s.uid === tab.uid && s.kind === 'profile').at(-1);
    if (last && users.get(tab.uid)?.bio !== last.bio)
      violations.push(
        `tab ${tab.index}: acknowledged bio "${last.bio}" is not stored (found "${users.get(tab.uid)?.bio}")`,
      );
  }

  // The project: approvals are in the team; the applicant's last acknowledged step holds.
  const project = of('projects').find((doc) => doc.id === world.projectId)?.data;
  const applications = new Map(
    of('projectApplications')
      .filter((doc) => doc.data.projectId === world.projectId)
      .map((doc) => [doc.data.applicantId, doc.data]),
  );
  if (!project) violations.push('the project is gone');
  else {
    const memberIds = project.memberIds ?? [];
    for (const s of acked.filter((s) => s.kind === 'approveRequest')) {
      if (!memberIds.includes(s.other))
        violations.push(`acknowledged approval of ${nameOf(s.other)} is not in the team`);
    }
    for (const tab of world.tabs.slice(1)) {
      const steps = acked.filter(
        (s) =>
          (s.uid === tab.uid && (s.kind === 'apply' || s.kind === 'withdraw')) ||
          (s.other === tab.uid && (s.kind === 'approveRequest' || s.kind === 'declineRequest')),
      );
      const last = steps.at(-1);
      const application = applications.get(tab.uid);
      if (last?.kind === 'apply' && !application && !memberIds.includes(tab.uid))
        violations.push(`tab ${tab.index}: acknowledged request to join the project is not stored`);
      if (last?.kind === 'withdraw' && application?.status === 'pending')
        violations.push(`tab ${tab.index}: acknowledged withdrawal is not stored (still pending)`);
      if (last?.kind === 'declineRequest' && application?.status === 'pending')
        violations.push(`acknowledged decline of ${tab.user.name}'s request is not stored (still pending)`);
    }
  }
  // Team sizes.
  for (const { id, data } of of('projects')) {
    const memberIds = data.memberIds ?? [];
    if (new Set(memberIds).size !== memberIds.length) violations.push(`project ${id}: memberIds has duplicates`);
    if (!Array.isArray(data.members) || data.members.length !== memberIds.length)
      violations.push(`project ${id}: ${data.members?.length} members but ${memberIds.length} memberIds`);
    else if (data.members.some((member, index) => member.id !== memberIds[index]))
      violations.push(`project ${id}: members and memberIds disagree`);
  }

  // Counters.
  for (const [uid, data] of users) {
    const friends = entriesOf(data.friends);
    if ((data.friendCount ?? 0) !== friends.length)
      violations.push(`${nameOf(uid)}: friendCount ${data.friendCount} but ${friends.length} friends`);
    const authored = posts.filter((post) => post.authorId === uid).length;
    if ((data.postCount ?? 0) !== authored)
      violations.push(`${nameOf(uid)}: postCount ${data.postCount} but ${authored} posts`);
  }
  for (const { id, data } of tribes) {
    const inTribe = posts.filter((post) => post.tribeId === id).length;
    if (data.postCount !== inTribe)
      violations.push(`tribe ${data.name}: postCount ${data.postCount} but ${inTribe} posts`);
    const active = members.filter((m) => m.tribeId === id && m.status === 'active').length;
    if (data.memberCount !== active)
      violations.push(`tribe ${data.name}: memberCount ${data.memberCount} but ${active} active members`);
  }

  // Conversations: acknowledged comments are stored unless deleted (or their post went, taking
  // them along); acknowledged deletions hold; each person's last acknowledged reaction holds.
  const comments = of('comments').map((doc) => ({ id: doc.id, ...doc.data }));
  const reactions = of('reactions').map((doc) => ({ id: doc.id, ...doc.data }));
  const postDocs = new Map(of('posts').map((doc) => [doc.id, doc.data]));
  const postIdOf = new Map(of('posts').map((doc) => [doc.data.body, doc.id]));
  const deletedComments = new Set(acked.filter((s) => s.kind === 'deleteComment').map((s) => s.body));
  const storedComments = new Set(comments.map((comment) => comment.body));
  for (const s of acked.filter((s) => s.kind === 'comment')) {
    if (!deletedComments.has(s.body) && postIdOf.has(s.postBody) && !storedComments.has(s.body))
      violations.push(`tab ${s.tab}: acknowledged comment "${s.body}" is not stored`);
  }
  for (const body of deletedComments)
    if (storedComments.has(body)) violations.push(`acknowledged deletion of comment "${body}" is not stored`);
  const lastReaction = new Map();
  for (const s of acked.filter((s) => s.kind === 'react')) lastReaction.set(`${s.uid}|${s.postBody}|${s.reaction}`, s);
  for (const s of lastReaction.values()) {
    const postId = postIdOf.get(s.postBody);
    if (!postId) continue;
    const stored = reactions.some((r) => r.itemId === postId && r.kind === s.reaction && r.uid === s.uid);
    if (stored !== s.want)
      violations.push(
        `tab ${s.tab}: acknowledged ${s.want ? 'reaction' : 'taking back'} ${s.reaction} on "${s.postBody}" is not stored`,
      );
  }
  // Reactions: one document per person, item and kind, named by them.
  for (const r of reactions) {
    if (r.id !== `${r.itemType}_${r.itemId}_${r.kind}_${r.uid}`)
      violations.push(`reaction ${r.id} names ${r.itemType}_${r.itemId}_${r.kind}_${r.uid}`);
  }
  // The counters equal what they count: a post's comments and reactions, a comment's reactions
  // (of items that still exist: a deleted post's or comment's go without).
  const countsOf = (value) => (value && typeof value === 'object' ? value : {});
  const reactionKinds = (item) =>
    new Set([
      ...Object.keys(countsOf(item.reactionCounts)),
      ...reactions.filter((r) => r.itemId === item.id).map((r) => r.kind),
    ]);
  for (const [id, data] of postDocs) {
    const counted = comments.filter((comment) => comment.postId === id).length;
    if ((data.commentCount ?? 0) !== counted)
      violations.push(`post "${data.body}": commentCount ${data.commentCount ?? 0} but ${counted} comments`);
    for (const kind of reactionKinds({ id, reactionCounts: data.reactionCounts })) {
      const count = reactions.filter((r) => r.itemId === id && r.kind === kind).length;
      if ((countsOf(data.reactionCounts)[kind] ?? 0) !== count)
        violations.push(
          `post "${data.body}": ${kind} ${countsOf(data.reactionCounts)[kind] ?? 0} but ${count} reactions`,
        );
    }
  }
  for (const comment of comments.filter((c) => postDocs.has(c.postId))) {
    for (const kind of reactionKinds(comment)) {
      const count = reactions.filter((r) => r.itemId === comment.id && r.kind === kind).length;
      if ((countsOf(comment.reactionCounts)[kind] ?? 0) !== count)
        violations.push(
          `comment "${comment.body}": ${kind} ${countsOf(comment.reactionCounts)[kind] ?? 0} but ${count} reactions`,
        );
    }
  }

  // Friendships and requests.
  for (const [uid, data] of users) {
    const friendIds = ids(data.friends, 'id');
    if (new Set(friendIds).size !== friendIds.length) violations.push(`${nameOf(uid)}: a friend listed twice`);
    for (const friendId of friendIds) {
      if (!ids(users.get(friendId)?.friends, 'id').includes(uid))
        violations.push(`${nameOf(uid)} lists ${nameOf(friendId)} as a friend, but not the other way round`);
    }
    const senders = ids(data.friendRequests, 'senderId');
    const receivers = ids(data.sentFriendRequests, 'receiverId');
    if (new Set(senders).size !== senders.length) violations.push(`${nameOf(uid)}: duplicate incoming requests`);
    if (new Set(receivers).size !== receivers.length) violations.push(`${nameOf(uid)}: duplicate sent requests`);
    for (const receiver of receivers) {
      if (!ids(users.get(receiver)?.friendRequests, 'senderId').includes(uid))
        violations.push(`${nameOf(uid)}'s request to ${nameOf(receiver)} is not in their incoming requests`);
      if (receivers.includes(receiver) && ids(users.get(receiver)?.sentFriendRequests, 'receiverId').includes(uid)) {
        if (uid < receiver)
          violations.push(`${nameOf(uid)} and ${nameOf(receiver)} have pending requests to each other`);
      }
      if (friendIds.includes(receiver))
        violations.push(`${nameOf(uid)} has a pending request to a friend, ${nameOf(receiver)}`);
    }
    for (const sender of senders) {
      if (!ids(users.get(sender)?.sentFriendRequests, 'receiverId').includes(uid))
        violations.push(`${nameOf(uid)} has a request from ${nameOf(sender)} that ${nameOf(sender)} did not send`);
    }
  }
  for (const { id } of of('pendingFriendRemovals')) violations.push(`pending friend removal ${id} left behind`);

  return violations;
}

// ---------- one iteration ----------

/**
 * Runs one iteration in a new context of `browser` against `baseURL`; resolves with
 * { seed, operations, byKind, answers, violations }.
 *
 * The embedded backend keeps its data in the context's IndexedDB, so its tabs share one context
 * and the stored data is read there. On the Firebase build (e2e/firebase/soak.test.mjs) each
 * user has a context of their own (`contextPerTab`: Firebase Auth shares one session across a
 * context's tabs) and `readDocs()` reads the stored documents ({ collection, id, data }) from
 * the emulator.
 */
export async function runSoakIteration({
  browser,
  baseURL,
  tabs: tabCount,
  rounds,
  seed,
  log = () => undefined,
  contextPerTab = false,
  readDocs = null,
}) {
  const random = seededRandom(seed);
  const label = `${seed.toString(36)}${randomBytes(2).toString('hex')}`;
  const pageErrors = [];
  const consoleErrors = [];
  const contexts = [];
  const newContext = async () => {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    contexts.push(context);
    context.setDefaultTimeout(ANSWER_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(60_000);
    context.on('page', (page) => {
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('console', (message) => {
        // With service workers blocked, registration fails by design (the app only logs it).
        if (message.type() === 'error' && !message.text().startsWith('Service worker registration failed'))
          consoleErrors.push(message.text());
      });
    });
    return context;
  };
  try {
    const shared = contextPerTab ? null : await newContext();
    const newPage = async () => (shared ?? (await newContext())).newPage();
    const tabs = await signUpTabs(newPage, tabCount, label, { sharedSession: !contextPerTab });
    // ownComments: each user's acknowledged comments ({ postBody, body }), for opDeleteComment.
    const world = { label, tabs, tribeId: '', projectId: '', ownComments: new Map() };
    world.tribeId = await createTribe(tabs[0], `Soak ${label}`);
    world.projectId = await createProject(tabs[0], `Soak project ${label}`);
    log(`  ${tabCount} users signed up, tribe and project created`);

    const submissions = [];
    for (let round = 0; round < rounds; round += 1) {
      // The choices are drawn before the round starts, in tab order, so the seed fixes them.
      const plans = tabs.map((tab) => {
        const operation = pickOperation(tab, random);
        const choice = seededRandom(random.int(2 ** 31));
        // An operation the UI would not let through (a page that never loaded) is an unanswered submission.
        return () =>
          operation(tab, world, choice).catch((error) => [
            submission(
              tab,
              operation.name.replace(/^op/, '').toLowerCase(),
              { message: error.message.split('\n')[0] },
              null,
            ),
          ]);
      });
      const results = await Promise.all(plans.map((plan) => plan()));
      submissions.push(...results.flat());
      for (const s of results.flat()) {
        if (s.kind !== 'comment' || s.answer !== 'ack') continue;
        if (!world.ownComments.has(s.uid)) world.ownComments.set(s.uid, []);
        world.ownComments.get(s.uid).push({ postBody: s.postBody, body: s.body });
      }
      log(`  round ${round + 1}/${rounds}: ${results.flat().length} submissions`);
    }
    const docs = readDocs ? await readDocs() : await tabs[0].page.evaluate(readStore);
    const violations = checkInvariants(docs, submissions, world);
    for (const error of pageErrors) violations.push(`uncaught error in a page: ${error}`);
    const byKind = {};
    for (const s of submissions) byKind[s.kind] = (byKind[s.kind] ?? 0) + 1;
    const answers = { ack: 0, message: 0, none: 0 };
    for (const s of submissions) answers[s.answer ?? 'none'] += 1;
    const messages = submissions
      .filter((s) => s.answer === 'message')
      .map((s) => `${s.kind}: ${s.message ?? ''}`.trim());
    return {
      seed,
      operations: submissions.length,
      documents: docs.length,
      byKind,
      answers,
      messages,
      consoleErrors,
      violations,
    };
  } finally {
    for (const context of contexts) await context.close();
  }
}
