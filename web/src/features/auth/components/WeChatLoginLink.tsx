import { WechatOutlined } from '@ant-design/icons';
import { Button, Divider } from 'antd';
import { isWeChatBrowser, wechatOfficialLoginUrl, wechatQrLoginUrl } from '../../../lib/wechat';
import { useSiteConfig } from '../../../lib/siteConfig';
import { AUTH_TEXT } from '../texts';
import styles from './WeChatLoginLink.module.css';

/**
 * Spec 1 section 2: QR-code login in ordinary browsers, the official-account login inside WeChat,
 * each only when the server has it configured.
 */
export function WeChatLoginLink({ returnTo }: { returnTo: string }) {
  const { data: config } = useSiteConfig();
  if (!config) return null;
  const insideWeChat = isWeChatBrowser(navigator.userAgent);
  const link = insideWeChat
    ? config.wechatOfficialLogin && { href: wechatOfficialLoginUrl(returnTo), label: AUTH_TEXT.wechatOfficialLogin }
    : config.wechatOpenLogin && {
        href: wechatQrLoginUrl(window.location.origin, returnTo),
        label: AUTH_TEXT.wechatQrLogin,
      };
  if (!link) return null;
  return (
    <>
      <Divider plain>{AUTH_TEXT.otherWays}</Divider>
      <Button block icon={<WechatOutlined className={styles.wechat} />} href={link.href}>
        {link.label}
      </Button>
    </>
  );
}
