import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import ContactPage from './ContactPage';

let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchSpy = vi.fn(() => Promise.reject(new Error('the contact form must not call the server')));
  globalThis.fetch = fetchSpy as unknown as typeof fetch;
});

describe('ContactPage', () => {
  it('shows the address, phone and email', () => {
    renderAt('/contact', <ContactPage />);
    const details = screen.getByRole('region', { name: '联系方式' });
    expect(details).toHaveTextContent('北京市海淀区');
    expect(screen.getByRole('link', { name: '010-8000 0000' })).toHaveAttribute('href', 'tel:010-80000000');
    expect(screen.getByRole('link', { name: 'hello@xinqiao.example' })).toHaveAttribute(
      'href',
      'mailto:hello@xinqiao.example',
    );
  });

  it('names each missing field in Chinese', async () => {
    const user = userEvent.setup();
    renderAt('/contact', <ContactPage />);
    await user.click(screen.getByRole('button', { name: /发送留言/ }));
    for (const text of ['请输入你的称呼', '请输入你的邮箱', '请输入主题', '请输入你的留言']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText('Thank you for your message!')).not.toBeInTheDocument();
  });

  it('refuses an email that is not an address', async () => {
    const user = userEvent.setup();
    renderAt('/contact', <ContactPage />);
    await user.type(screen.getByLabelText('邮箱'), 'mei@example');
    await user.click(screen.getByRole('button', { name: /发送留言/ }));
    expect(await screen.findByText('请输入正确的邮箱')).toBeInTheDocument();
    expect(screen.queryByText('请输入你的邮箱')).not.toBeInTheDocument();
  });

  it('thanks the sender without calling the server, and offers a fresh form', async () => {
    const user = userEvent.setup();
    renderAt('/contact', <ContactPage />);
    await user.type(screen.getByLabelText('称呼'), '王女士');
    await user.type(screen.getByLabelText('邮箱'), 'wang@example.com');
    await user.type(screen.getByLabelText('主题'), '商务合作');
    await user.type(screen.getByLabelText('留言'), '想了解线下活动的合作方式。');
    await user.click(screen.getByRole('button', { name: /发送留言/ }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your message!');
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /再写一条/ }));
    expect(screen.getByLabelText('称呼')).toHaveValue('');
  });
});
