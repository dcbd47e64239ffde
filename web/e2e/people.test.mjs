// People and verification end to end: a school admin creates a teacher with an e-mail, the
// invitation arrives on a real SMTP peer, the teacher registers with the code in another
// browser, becomes an admin, and the admin exports the teacher list as xlsx and pdf.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { artifactsDir, screenshotOnFailure, startBrowser, startServer } from './harness.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const stamp = Date.now();
const admin = { email: `owner-${stamp}@school.test`, password: 'school-pass-1' };
const teacher = { code: `T-${stamp % 100000}`, first: 'Nurul', last: 'Aina', email: `nurul-${stamp}@school.test`, password: 'teacher-pass-1' };
const teacherName = `${teacher.first} ${teacher.last}`;

let smtp;
let server;
let adminBrowser;
let teacherBrowser;
let page;
let verificationCode;

before(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({ HADIR_SMTP_URL: smtp.url });
  adminBrowser = await startBrowser(server.baseURL);
  page = adminBrowser.page;
});

after(async () => {
  await teacherBrowser?.close();
  await adminBrowser?.close();
  await server?.stop();
  await smtp?.close();
});

const onFailure = (name, fn) =>
  screenshotOnFailure(name, () => ({ '-admin': adminBrowser?.page, '-teacher': teacherBrowser?.page }), fn);

async function signIn(p, email, password) {
  await p.goto('/login');
  await p.getByTestId('login-email').fill(email);
  await p.getByTestId('login-password').fill(password);
  await p.getByTestId('login-submit').click();
  await p.waitForURL('**/dashboard');
}

test('register a school and sign in as its owner', () =>
  onFailure('people-register', async () => {
    const res = await fetch(`${server.baseURL}/api/school/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'SK Taman Melati', code: `SKTM${stamp % 10000}`, email: `office-${stamp}@school.test`, contact_number: '0312345678',
        timezone: 'Asia/Kuala_Lumpur', admin_name: 'Aisyah Owner', admin_email: admin.email, password: admin.password, terms: true,
      }),
    });
    assert.equal(res.status, 201, await res.text());
    await signIn(page, admin.email, admin.password);
    await page.getByTestId('menu-registration').waitFor();
  }));

test('the admin creates a teacher with an e-mail; the invitation arrives by SMTP', () =>
  onFailure('people-create', async () => {
    await page.goto('/school/teacher/list');
    await page.getByTestId('person-create').click();
    await page.getByTestId('person-code').fill(teacher.code);
    await page.getByTestId('person-first-name').fill(teacher.first);
    await page.getByTestId('person-last-name').fill(teacher.last);
    await page.getByTestId('person-email').fill(teacher.email);
    await page.getByTestId('person-submit').click();
    // After creation the drawer switches to the record tabs.
    await page.getByTestId('tab-contact').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('cell', { name: teacher.code, exact: true }).waitFor();
    await page.getByRole('cell', { name: teacherName, exact: true }).waitFor();

    const mail = await smtp.waitFor(teacher.email, (m) => /verification code is/i.test(m.data));
    const m = /verification code is ([A-Z0-9]{4})-([A-Z0-9]{4})/i.exec(mail.data);
    assert.ok(m, `no code in the e-mail:\n${mail.data}`);
    verificationCode = `${m[1]}${m[2]}`;
    assert.ok(mail.data.includes(`/verification/employee?code=${verificationCode}`), 'the e-mail links to the verification page');
  }));

test('the teacher registers with the code and lands in the personal area', () =>
  onFailure('people-verify', async () => {
    teacherBrowser = await startBrowser(server.baseURL);
    const tp = teacherBrowser.page;
    await tp.goto(`/verification/employee?code=${verificationCode}`);
    await tp.getByTestId('verification-details').getByText('SK Taman Melati').waitFor();
    await tp.getByTestId('verification-details').getByText(teacherName).waitFor();
    await tp.getByTestId('verification-register').click();
    await tp.waitForURL('**/verification/employee/register**');
    assert.equal(await tp.getByTestId('verification-email').inputValue(), teacher.email);
    await tp.getByTestId('verification-password').fill(teacher.password);
    await tp.getByTestId('verification-password-repeat').fill(teacher.password);
    await tp.getByTestId('verification-register-submit').click();
    await tp.waitForURL('**/personal/profile');
    assert.equal((await tp.getByTestId('personal-name').textContent()).trim(), teacherName);
    assert.equal((await tp.getByTestId('personal-code').textContent()).trim(), teacher.code);
    // A member sees no Registration menu.
    assert.equal(await tp.getByTestId('menu-registration').count(), 0);

    // The code is single use: a second try ends on the unqualified page.
    const again = await startBrowser(server.baseURL);
    try {
      await again.page.goto(`/verification/employee?code=${verificationCode}`);
      await again.page.getByTestId('verification-unqualified').waitFor();
    } finally {
      await again.close();
    }
  }));

test('the owner makes the teacher an admin; the teacher session follows', () =>
  onFailure('people-admin', async () => {
    await page.goto('/school/teacher/role');
    await page.getByTestId(`assign-${teacher.code}`).click();
    await page.getByTestId(`admin-${teacher.code}`).waitFor();

    const tp = teacherBrowser.page;
    await tp.reload();
    await tp.getByTestId('menu-registration').waitFor();
    const session = await tp.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
    assert.ok(session.permissions.includes('add.manage.school.employee'), 'the refreshed session carries the admin permissions');
    assert.ok(!session.permissions.includes('add.manage.school'), 'an admin is not the owner');
  }));

async function exportList(type) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${type}`).click()]);
  assert.match(download.suggestedFilename(), new RegExp(`^Teacher List \\d{4}-\\d{2}-\\d{2}\\.${type}$`));
  const path = join(artifactsDir, `teacher-list.${type}`);
  mkdirSync(artifactsDir, { recursive: true });
  await download.saveAs(path);
  return readFileSync(path);
}

test('the teacher list exports as xlsx and pdf with the teacher in it', () =>
  onFailure('people-export', async () => {
    await page.goto('/school/teacher/list');
    await page.getByRole('cell', { name: teacher.code, exact: true }).waitFor();

    const xlsx = unzipSync(new Uint8Array(await exportList('xlsx')));
    const xml = Object.entries(xlsx)
      .filter(([name]) => name === 'xl/sharedStrings.xml' || name.startsWith('xl/worksheets/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    assert.ok(xml.includes(teacher.code), 'the xlsx holds the code');
    assert.ok(xml.includes(teacherName) || (xml.includes(teacher.first) && xml.includes(teacher.last)), 'the xlsx holds the name');

    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(await exportList('pdf')), useSystemFonts: false, isEvalSupported: false }).promise;
    let text = '';
    for (let i = 1; i <= pdf.numPages; i++) {
      const content = await (await pdf.getPage(i)).getTextContent();
      text += content.items.map((it) => it.str).join(' ') + '\n';
    }
    await pdf.destroy();
    assert.ok(text.includes(teacher.code), `the pdf holds the code:\n${text}`);
    assert.ok(text.includes(teacher.first) && text.includes(teacher.last), `the pdf holds the name:\n${text}`);
  }));
