import HeartFilled from '@ant-design/icons-svg/es/asn/HeartFilled';
import { useEffect } from 'react';
import { Icon } from '../../../components/Icon';
import { LinkButton } from '../../../components/LinkButton';
import { accessOf } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/siteConfig';
import { isWeChatBrowser, wechatOfficialLoginUrl } from '../../../lib/wechat';
import { HOME_TEXT } from '../texts';
import { Carousel } from '../components/Carousel';
import { FeatureGrid } from '../components/FeatureGrid';
import { LatestNews } from '../components/LatestNews';
import { Testimonials } from '../components/Testimonials';
import styles from './HomePage.module.css';

/** Spec 1 section 2: inside WeChat a guest goes straight to the official-account login, back to /. */
function useWeChatGuestRedirect(isLoggedIn: boolean) {
  const { data: config } = useSiteConfig();
  const shouldLeave = !isLoggedIn && isWeChatBrowser(navigator.userAgent) && config?.wechatOfficialLogin === true;
  useEffect(() => {
    if (shouldLeave) window.location.assign(wechatOfficialLoginUrl('/'));
  }, [shouldLeave]);
}

/** Built without antd, as the landing page must stay light (issue 5). */
export default function HomePage() {
  const session = useSession();
  const { isLoggedIn } = accessOf(session, Date.now());
  useWeChatGuestRedirect(isLoggedIn);

  return (
    <>
      <Carousel />
      <section className={styles.hero}>
        <Icon icon={HeartFilled} className={styles.heart} />
        <h1 className={styles.headline}>{HOME_TEXT.headline}</h1>
        <p className={styles.intro}>{HOME_TEXT.intro}</p>
        {isLoggedIn && session ? (
          <div className={styles.actions}>
            <strong className={styles.welcome}>
              {HOME_TEXT.welcomeBack(session.user.nickname || session.user.username)}
            </strong>
            <LinkButton to="/moment" type="primary" size="large" shape="round">
              {HOME_TEXT.goMoments}
            </LinkButton>
          </div>
        ) : (
          <div className={styles.actions}>
            <span>{HOME_TEXT.guestPrompt}</span>
            <div className={styles.buttons}>
              <LinkButton to="/login" type="primary" size="large" shape="round">
                {HOME_TEXT.login}
              </LinkButton>
              <LinkButton to="/register" size="large" shape="round">
                {HOME_TEXT.register}
              </LinkButton>
            </div>
          </div>
        )}
        <p className={styles.note}>{HOME_TEXT.buildingNote}</p>
      </section>
      <LatestNews />
      <FeatureGrid />
      <Testimonials />
    </>
  );
}
