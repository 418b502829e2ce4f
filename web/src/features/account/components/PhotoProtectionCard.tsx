import { ACCOUNT_TEXT } from '../texts';
import { ProfileSwitchCard } from './ProfileSwitchCard';

/** 照片保护: the profile setting that blurs the member's photos for those who have not unlocked them. */
export function PhotoProtectionCard() {
  return (
    <ProfileSwitchCard
      setting="photoProtection"
      title={ACCOUNT_TEXT.protectionTitle}
      intro={ACCOUNT_TEXT.protectionIntro}
      label={ACCOUNT_TEXT.protectionLabel}
      savedOn={ACCOUNT_TEXT.protectionOn}
      savedOff={ACCOUNT_TEXT.protectionOff}
    />
  );
}
