import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import ExperimentOutlined from '@ant-design/icons-svg/es/asn/ExperimentOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import RobotOutlined from '@ant-design/icons-svg/es/asn/RobotOutlined';
import SmileOutlined from '@ant-design/icons-svg/es/asn/SmileOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { Link } from 'react-router';
import { Icon } from '../../../components/Icon';
import { cx } from '../../../lib/classNames';
import styles from './FeatureGrid.module.css';
import section from './Section.module.css';
import { FEATURES_TEXT, MINI_TEST_TEXT } from './showcaseTexts';

const ICONS: Record<string, IconDefinition> = {
  '/moment': CameraOutlined,
  '/blog': EditOutlined,
  '/testlist': ExperimentOutlined,
  '/knowledge/courses': ReadOutlined,
  '/people': TeamOutlined,
  '/ai-chat': RobotOutlined,
};

/** Spec 1 section 2: six feature icons, each leading to its part of the site; then the mini test. */
export function FeatureGrid() {
  return (
    <section aria-labelledby="home-features" className={section.section}>
      <h2 id="home-features" className={section.title}>
        {FEATURES_TEXT.title}
      </h2>
      <ul aria-label={FEATURES_TEXT.listLabel} className={styles.grid}>
        {FEATURES_TEXT.items.map((feature) => (
          <li key={feature.path}>
            <Link to={feature.path} className={cx(section.tile, styles.feature)}>
              <Icon icon={ICONS[feature.path]} className={styles.icon} />
              <strong className={styles.name}>{feature.title}</strong>
              <span className={styles.description}>{feature.description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={MINI_TEST_TEXT.path} className={cx(section.tile, styles.miniTest)}>
        <Icon icon={SmileOutlined} className={styles.icon} />
        <span className={styles.miniTestText}>
          <strong className={styles.name}>{MINI_TEST_TEXT.title}</strong>
          <span className={styles.description}>{MINI_TEST_TEXT.description}</span>
        </span>
        <span className={styles.miniTestAction}>
          {MINI_TEST_TEXT.action}
          <Icon icon={RightOutlined} />
        </span>
      </Link>
    </section>
  );
}
