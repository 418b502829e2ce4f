import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, ok, renderAt } from '../../../test/render';
import ContactPage from './ContactPage';

const CONFIGURED = { address: '杭州市西湖区文三路 90 号', phone: '0571 8888 6666', email: 'hello@example.com' };
const NONE = { address: '', phone: '', email: '' };

let calls: ReturnType<typeof fakeApi>;

function configure(contact: typeof CONFIGURED) {
  calls = fakeApi({
    '/api/v1/site/config': [ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin: false, contact })],
  });
}

beforeEach(() => configure(CONFIGURED));

describe('ContactPage', () => {
  it('shows the configured address, phone and email', async () => {
    renderAt('/contact', <ContactPage />);
    const details = await screen.findByRole('region', { name: '联系方式' });
    expect(details).toHaveTextContent('杭州市西湖区文三路 90 号');
    expect(screen.getByRole('link', { name: '0571 8888 6666' })).toHaveAttribute('href', 'tel:057188886666');
    expect(screen.getByRole('link', { name: 'hello@example.com' })).toHaveAttribute('href', 'mailto:hello@example.com');
    expect(screen.queryByText('请通过下方表单给我们留言。')).not.toBeInTheDocument();
  });

  it('leaves out the details that are not configured', async () => {
    configure({ ...NONE, email: 'hello@example.com' });
    renderAt('/contact', <ContactPage />);
    const details = await screen.findByRole('region', { name: '联系方式' });
    expect(details).toHaveTextContent('邮箱hello@example.com');
    expect(details).not.toHaveTextContent('地址');
    expect(details).not.toHaveTextContent('电话');
  });

  it('points to the form when no detail is configured', async () => {
    configure(NONE);
    renderAt('/contact', <ContactPage />);
    expect(await screen.findByText('请通过下方表单给我们留言。')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '联系方式' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /发送留言/ })).toBeInTheDocument();
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
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/site/config']);

    await user.click(screen.getByRole('button', { name: /再写一条/ }));
    expect(screen.getByLabelText('称呼')).toHaveValue('');
  });
});
