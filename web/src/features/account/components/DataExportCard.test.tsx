import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../../lib/browser';
import { startSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { exportFileName } from '../api/account';
import { DataExportCard } from './DataExportCard';

vi.mock('../../../lib/browser', () => ({ saveFile: vi.fn() }));

const exported = { exportedAt: 1_795_000_000, sections: { accounts: { username: 'mei' } } };

beforeEach(() => {
  vi.mocked(saveFile).mockClear();
  startSession({
    accessToken: 'token',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'u1',
    username: 'mei',
    nickname: '小美',
    sysRole: 'user',
  });
});

describe('DataExportCard', () => {
  it('saves the answer as a JSON file named after the member and the day', async () => {
    fakeApi({ '/api/v1/user/export': [ok(exported)] });
    const user = userEvent.setup();
    renderAt('/user/account', <DataExportCard />);
    await user.click(screen.getByRole('button', { name: '导出我的数据' }));
    expect(await screen.findByText('数据已导出，请查看浏览器的下载')).toBeInTheDocument();
    const [name, text, type] = vi.mocked(saveFile).mock.calls[0];
    expect(name).toBe('xinqiao-mei-2026-11-18.json');
    expect(JSON.parse(text)).toEqual(exported);
    expect(type).toBe('application/json');
  });

  it('says so when the export fails, saving nothing', async () => {
    fakeApi({ '/api/v1/user/export': [fail(500, 500, '服务器繁忙')] });
    const user = userEvent.setup();
    renderAt('/user/account', <DataExportCard />);
    await user.click(screen.getByRole('button', { name: '导出我的数据' }));
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('names files by the UTC day of the export', () => {
    expect(exportFileName('mei', 0)).toBe('xinqiao-mei-1970-01-01.json');
  });
});
