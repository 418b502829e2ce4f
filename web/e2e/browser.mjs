import path from 'node:path';
import { chromium } from 'playwright-core';

/** Debian's Chromium; playwright-core never downloads a browser of its own. */
export const CHROMIUM_PATH = process.env.XINQIAO_CHROMIUM ?? '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * With XINQIAO_SHOTS_DIR set, screenshots of the page at desktop and phone width, saved as
 * `<name>-1280.png` and `<name>-390.png` there for a person to look at; otherwise nothing.
 */
export async function shootBothWidths(page, name, { fullPage = true } = {}) {
  const dir = process.env.XINQIAO_SHOTS_DIR;
  if (!dir) return;
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage });
  }
  await page.setViewportSize(DESKTOP);
}

/** An open antd dropdown's option called `title`. */
const dropdownOption = (page, title) =>
  page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`);

/** The antd select (or cascader) around `combobox`, where it shows what was picked. */
const selectOf = (combobox) =>
  combobox.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');

/**
 * Picks `title` in the antd select whose combobox is `combobox` (typing it first with `search`),
 * and waits until the select shows it: as its value, or as a tag of a multiple select. A pick
 * made while the page is still settling (a dialog zooming in, a list refreshing, a dropdown
 * sliding in) can land beside the option or on the field under it on a busy machine, as CI and
 * `make test` saw; the pick is then made again.
 */
export async function chooseOption(page, combobox, title, { search = false } = {}) {
  const shown = selectOf(combobox).locator(
    [
      `.ant-select-content[title="${title}"]`,
      `.ant-select-content-value[title="${title}"]`,
      `.ant-select-selection-item[title="${title}"]`,
    ].join(', '),
  );
  const option = dropdownOption(page, title);
  for (let attempt = 1; ; attempt += 1) {
    try {
      // A dropdown left open by the attempt before would be closed by another click.
      if (search || !(await option.isVisible())) await combobox.click();
      if (search) await combobox.fill(title);
      // While the dropdown slides in, the field under it can take the click (CI saw a
      // textarea do so until the dropdown closed): a short wait, then a new attempt.
      await option.click({ timeout: 5_000 });
      await shown.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

/**
 * Picks the path `names` in the antd cascader whose combobox is `combobox`, level by level, and
 * waits until the field shows the last name. A click on a level while the dropdown is still
 * sliding in can miss, so the next level never opens (CI saw this); the pick is then made again.
 */
export async function chooseCascade(page, combobox, names) {
  const field = selectOf(combobox);
  const item = (name) => page.locator(`.ant-cascader-menu-item[title="${name}"]:visible`);
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (!(await item(names[0]).isVisible())) await combobox.click();
      for (const name of names) await item(name).click({ timeout: 5_000 });
      await field.getByText(names.at(-1), { exact: false }).waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

/**
 * Presses the button named `button` of the open confirmation dialog until `toast` shows (see
 * `clickUntil`).
 */
export async function confirmUntilToast(page, button, toast) {
  await clickUntil(page.locator('.ant-modal-confirm').getByRole('button', { name: button }), (timeout) =>
    page.getByText(toast).first().waitFor({ timeout }),
  );
}

/**
 * Clicks `target` until `happened` (given a timeout) resolves, up to three times. antd turns
 * pointer events off on a modal while it animates open (ant-design#44204), so on a busy machine
 * a click on a dialog's button can be lost, as CI saw; once the button is gone the click was
 * taken, and `happened` gets its full time.
 */
export async function clickUntil(target, happened) {
  for (let attempt = 1; ; attempt += 1) {
    await target.click();
    try {
      await happened(5_000);
      return;
    } catch (error) {
      if (!(await target.isVisible())) return happened(30_000);
      if (attempt === 3) throw error;
    }
  }
}
