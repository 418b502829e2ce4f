import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { LEGAL_VERSION } from '../legal';
import AgreementPage from './AgreementPage';
import PrivacyPage from './PrivacyPage';

const routes = [
  { path: '/agreement', element: <AgreementPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
];

const contact = { address: '上海市徐汇区心桥路 1 号', phone: '021-6000 1234', email: 'hello@xinqiao.example' };

function siteConfig(details = contact) {
  fakeApi({
    '/api/v1/site/config': [
      ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin: false, contact: details }),
    ],
  });
}

describe('legal pages', () => {
  it('the agreement shows its version and date at the top, contents and the conduct rules', () => {
    siteConfig();
    renderRoutes(routes, '/agreement');
    expect(screen.getByRole('heading', { name: '用户协议', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(`版本：${LEGAL_VERSION}`)).toBeInTheDocument();
    expect(screen.getByText('2026 年 12 月 7 日')).toHaveAttribute('dateTime', LEGAL_VERSION);

    const contents = within(screen.getByRole('navigation', { name: '目录' })).getAllByRole('link');
    expect(contents[2]).toHaveTextContent('三、社区行为规范');
    expect(contents[2]).toHaveAttribute('href', '#conduct');

    const conduct = screen.getByRole('region', { name: '三、社区行为规范' });
    for (const rule of ['冒充他人或虚构身份', '骚扰他人', '诈骗', '商业推广', '发布不当内容']) {
      expect(within(conduct).getByText(rule)).toBeInTheDocument();
    }
    expect(screen.getByText(/通过微信支付为钱包充值/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '《隐私政策》' })[0]).toHaveAttribute('href', '/privacy');
  });

  it('the privacy policy says what is kept, who sees it, and where members export and delete', () => {
    siteConfig();
    renderRoutes(routes, '/privacy');
    expect(screen.getByRole('heading', { name: '隐私政策', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(`版本：${LEGAL_VERSION}`)).toBeInTheDocument();
    expect(screen.getByText(/密码只以 bcrypt 哈希的形式保存/)).toBeInTheDocument();
    expect(screen.getByText(/对方支付 10 积分，或者你们互相喜欢之后/)).toBeInTheDocument();

    const rights = screen.getByRole('region', { name: '六、你的权利' });
    expect(within(rights).getAllByRole('link', { name: '账户安全' })[0]).toHaveAttribute('href', '/user/account');
    expect(within(rights).getByRole('link', { name: '个人资料' })).toHaveAttribute('href', '/user/info');
    expect(screen.getByRole('region', { name: '七、未成年人' })).toHaveTextContent('年满 18 周岁');
  });

  // Each sentence below is also read by an accounts API test (crates/accounts/tests/api/
  // identity.rs and lockout.rs) that fails when the code stops doing what it says.
  it('says exactly how ID numbers and card photos are kept and shown, and that nobody can lock an account', () => {
    siteConfig();
    renderRoutes(routes, '/privacy');
    const collected = screen.getByRole('region', { name: '二、我们收集哪些信息，为什么收集' });
    for (const claim of [
      /保证同一证件只能为一个账号通过认证/,
      /身份证号以 AES-256-GCM 加密保存，密钥由服务器配置的密钥派生/,
      /另存一个带密钥的哈希值，用于发现同一证件被多个账号提交/,
      /完整的身份证号只有审核这次申请的管理员在审核期间可以看到/,
      /都只显示前 4 位和后 4 位，中间 10 位以星号代替，重新提交时需要再次输入完整号码/,
      /身份证照片存放在不对外提供访问的私有存储中，无法通过任何网址直接访问，只有你本人和审核管理员在审核期间可以查看/,
    ]) {
      expect(within(collected).getByText(claim)).toBeInTheDocument();
    }
    expect(screen.queryByText(/只以带密钥的哈希值保存/)).toBeNull();
    expect(screen.queryByText(/身份证照片加密/)).toBeNull();
    const security = screen.getByRole('region', { name: '四、我们如何保护你的信息' });
    expect(within(security).getByText(/最长 1 分钟；别人输错你的密码，不会把你锁在账户之外/)).toBeInTheDocument();
  });

  it('names the operator with the contact details the /contact page shows', async () => {
    siteConfig();
    renderRoutes(routes, '/privacy');
    const section = screen.getByRole('region', { name: '九、联系我们' });
    expect(within(section).getByText('心桥团队')).toBeInTheDocument();
    expect(await within(section).findByText(contact.address)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: contact.email })).toHaveAttribute(
      'href',
      `mailto:${contact.email}`,
    );
    expect(within(section).getByRole('link', { name: contact.phone })).toHaveAttribute('href', 'tel:021-60001234');
    expect(within(section).getByRole('link', { name: '联系我们' })).toHaveAttribute('href', '/contact');
  });

  it('points to the contact and feedback pages when no details are configured', async () => {
    fakeApi({ '/api/v1/site/config': [fail(500, 500, '内部错误')] });
    renderRoutes(routes, '/agreement');
    const section = screen.getByRole('region', { name: '十二、联系我们' });
    expect(await within(section).findByText(/我们尚未公布地址和电话/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: '意见反馈' })).toHaveAttribute('href', '/feedback');
  });
});
