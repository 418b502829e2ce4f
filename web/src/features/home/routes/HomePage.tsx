import { HeartFilled } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useEffect } from 'react';
import { accessOf } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/siteConfig';
import { isWeChatBrowser, wechatOfficialLoginUrl } from '../../../lib/wechat';
import { HOME_TEXT } from '../texts';
import { LinkButton } from '../../../components/LinkButton';
import { Carousel } from '../components/Carousel';
import { FeatureGrid } from '../components/FeatureGrid';
import { LatestNews } from '../components/LatestNews';
import { Testimonials } from '../components/Testimonials';

/** Spec 1 section 2: inside WeChat a guest goes straight to the official-account login, back to /. */
function useWeChatGuestRedirect(isLoggedIn: boolean) {
  const { data: config } = useSiteConfig();
  const shouldLeave = !isLoggedIn && isWeChatBrowser(navigator.userAgent) && config?.wechatOfficialLogin === true;
  useEffect(() => {
    if (shouldLeave) window.location.assign(wechatOfficialLoginUrl('/'));
  }, [shouldLeave]);
}

export default function HomePage() {
  const session = useSession();
  const { isLoggedIn } = accessOf(session, Date.now());
  useWeChatGuestRedirect(isLoggedIn);

  return (
    <>
      <Carousel />
      <section
        style={{
          maxWidth: 960,
          margin: '24px auto',
          padding: 'clamp(32px, 6vw, 56px) 20px',
          textAlign: 'center',
          borderRadius: 20,
          background: 'linear-gradient(160deg, #FFFFFF 0%, #FDEBF1 100%)',
          border: '1px solid #F6D5DF',
        }}
      >
        <HeartFilled style={{ fontSize: 44, color: '#C2185B' }} aria-hidden />
        <Typography.Title style={{ marginTop: 16, fontSize: 'clamp(26px, 6vw, 38px)' }}>
          {HOME_TEXT.headline}
        </Typography.Title>
        <Typography.Paragraph style={{ fontSize: 16, maxWidth: 620, margin: '0 auto 28px', color: '#5c4450' }}>
          {HOME_TEXT.intro}
        </Typography.Paragraph>
        {isLoggedIn && session ? (
          <Space orientation="vertical" size={16}>
            <Typography.Text strong style={{ fontSize: 18 }}>
              {HOME_TEXT.welcomeBack(session.user.nickname || session.user.username)}
            </Typography.Text>
            <LinkButton to="/moment" type="primary" size="large" shape="round">
              {HOME_TEXT.goMoments}
            </LinkButton>
          </Space>
        ) : (
          <Space orientation="vertical" size={16}>
            <Typography.Text style={{ fontSize: 16 }}>{HOME_TEXT.guestPrompt}</Typography.Text>
            <Space wrap style={{ justifyContent: 'center' }}>
              <LinkButton to="/login" type="primary" size="large" shape="round">
                {HOME_TEXT.login}
              </LinkButton>
              <LinkButton to="/register" size="large" shape="round">
                {HOME_TEXT.register}
              </LinkButton>
            </Space>
          </Space>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 36, marginBottom: 0 }}>
          {HOME_TEXT.buildingNote}
        </Typography.Paragraph>
      </section>
      <LatestNews />
      <FeatureGrid />
      <Testimonials />
    </>
  );
}
