// Wallet journeys against the real server on its sandbox provider (spec 2 sections 2.19–2.21, issue 11).
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, logIn, newPage, createUser, scratchFile } = startJourney();

describe('wallet journeys', () => {
  test('recharge through the sandbox; the balance, the records and the bill show it', async () => {
    await createUser({ username: 'payer', password: PASSWORD });
    const page = await newPage();
    await logIn(page, 'payer', { href: '/recharge' });
    await page.waitForURL(url('/recharge'));
    await page.getByText('¥0.00').waitFor();

    await page.getByLabel('充值金额（元）').fill('19.9');
    await page.getByRole('button', { name: '确认充值' }).click();
    await page.getByText('请使用微信扫码支付').waitFor();
    await page.getByText('沙箱支付（不会扣款）').first().waitFor();
    await writeFile(scratchFile('recharge-panel.png'), await page.screenshot({ type: 'png' }));

    // The QR code opens the sandbox page: here, on another device (a fresh context, not signed in).
    const sandboxUrl = await page.getByRole('link', { name: '在本设备打开沙箱支付页' }).getAttribute('href');
    const phone = await newPage();
    await phone.goto(sandboxUrl);
    await phone.getByText('¥19.90').waitFor();
    await phone.getByRole('button', { name: '确认支付' }).click();
    await phone.getByText('支付成功，请回到充值页面查看').first().waitFor();
    await phone.context().close();

    await page.getByText('支付成功').first().waitFor();
    await page.getByText('¥19.90').first().waitFor();
    await page.getByText('请使用微信扫码支付').waitFor({ state: 'detached' });

    await page.goto(url('/recharge/list'));
    await page.getByRole('cell', { name: '¥19.90' }).waitFor();
    await page.getByText('成功', { exact: true }).waitFor();

    await page.goto(url('/transactions'));
    const amount = page.getByText('+¥19.90');
    await amount.waitFor();
    assert.match(await amount.getAttribute('class'), /moneyIn/);
    await page.getByText('沙箱充值（未扣款）').waitFor();
    await page.getByText('积分', { exact: true }).click();
    await page.getByText('新会员欢迎积分').waitFor();
    await page.context().close();
  });

  test('an unpaid code expires after a minute and shows the overlay with refresh', async () => {
    await createUser({ username: 'waiter', password: PASSWORD });
    const page = await newPage();
    await page.clock.install();
    await logIn(page, 'waiter', { href: '/recharge' });
    await page.waitForURL(url('/recharge'));
    await page.getByLabel('充值金额（元）').fill('5');
    await page.getByRole('button', { name: '确认充值' }).click();
    await page.getByText('请使用微信扫码支付').waitFor();
    const firstCode = await page.getByRole('link', { name: '在本设备打开沙箱支付页' }).getAttribute('href');
    await page.clock.runFor(61_000);
    await page.getByRole('status').getByText('二维码已过期').waitFor();
    await page.getByRole('button', { name: '点击刷新' }).click();
    await page.getByRole('status').getByText('二维码已过期').waitFor({ state: 'detached' });
    // The refresh is a new order: the panel shows its code before the member cancels it.
    await page.locator(`a[href*="/recharge/sandbox/"]:not([href="${firstCode}"])`).waitFor();
    await page.getByRole('button', { name: '取消支付' }).click();
    await page.getByText('已取消支付').waitFor();
    await page.getByText('请使用微信扫码支付').waitFor({ state: 'detached' });
    await page.context().close();
  });
});
