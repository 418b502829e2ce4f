import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, renderAt } from '../../test/render';
import { AppFooter } from './AppFooter';

describe('AppFooter', () => {
  it('links the user agreement and the privacy policy beside the copyright', () => {
    fakeApi({ '/api/v1/site/config': [ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin: false })] });
    renderAt('/', <AppFooter />);
    const legal = within(screen.getByRole('navigation', { name: '法律信息' }));
    expect(legal.getByRole('link', { name: '用户协议' })).toHaveAttribute('href', '/agreement');
    expect(legal.getByRole('link', { name: '隐私政策' })).toHaveAttribute('href', '/privacy');
  });
});
