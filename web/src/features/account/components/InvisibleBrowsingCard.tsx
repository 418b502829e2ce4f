import { ACCOUNT_TEXT } from '../texts';
import { ProfileSwitchCard } from './ProfileSwitchCard';

/** 隐身浏览: the profile setting that keeps the member's visits out of the visited members' visitor lists. */
export function InvisibleBrowsingCard() {
  return (
    <ProfileSwitchCard
      setting="invisibleBrowsing"
      title={ACCOUNT_TEXT.invisibleTitle}
      intro={ACCOUNT_TEXT.invisibleIntro}
      label={ACCOUNT_TEXT.invisibleLabel}
      savedOn={ACCOUNT_TEXT.invisibleOn}
      savedOff={ACCOUNT_TEXT.invisibleOff}
    />
  );
}
