import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Result, Row, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import type { ContactDetails } from '../../../api/generated/types.gen';
import { useSiteConfig } from '../../../lib/siteConfig';
import { emailRules } from '../components/emailRules';
import { Panel, PanelTitle, SitePage } from '../components/SitePage';
import { CONTACT_TEXT } from '../texts';
import styles from './ContactPage.module.css';

interface ContactFields {
  name: string;
  email: string;
  subject: string;
  message: string;
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // A <dl> may hold only dt/dd groups, so the icon sits inside the term, drawn in the gutter.
  return (
    <div className={styles.detail}>
      <dt className={styles.label}>
        <span aria-hidden className={styles.icon}>
          {icon}
        </span>
        {label}
      </dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

const hasAny = (contact: ContactDetails) => Boolean(contact.address || contact.phone || contact.email);

/** The deployment's details (XINQIAO_CONTACT_*); an empty one is left out. */
function ContactDetailsPanel({ contact }: { contact: ContactDetails }) {
  return (
    <Panel label={CONTACT_TEXT.detailsTitle}>
      <PanelTitle>{CONTACT_TEXT.detailsTitle}</PanelTitle>
      <dl className={styles.details}>
        {contact.address && (
          <Detail icon={<EnvironmentOutlined />} label={CONTACT_TEXT.addressLabel}>
            {contact.address}
          </Detail>
        )}
        {contact.phone && (
          <Detail icon={<PhoneOutlined />} label={CONTACT_TEXT.phoneLabel}>
            <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>
          </Detail>
        )}
        {contact.email && (
          <Detail icon={<MailOutlined />} label={CONTACT_TEXT.emailLabel}>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </Detail>
        )}
      </dl>
    </Panel>
  );
}

/**
 * Spec 1 sections 2, 5 and 8: the configured address, phone and email, and a form that thanks the
 * sender without calling the server. With no details configured, a line points to the form instead.
 */
export default function ContactPage() {
  const [form] = Form.useForm<ContactFields>();
  const [sent, setSent] = useState(false);
  const siteConfig = useSiteConfig();
  const contact = siteConfig.data?.contact;
  const showDetails = contact !== undefined && hasAny(contact);
  // Said only once the configuration has answered (or failed), so it never flashes before the block.
  const showFormOnly = !showDetails && (siteConfig.isSuccess || siteConfig.isError);

  const another = () => {
    form.resetFields();
    setSent(false);
  };

  return (
    <SitePage title={CONTACT_TEXT.title} subtitle={CONTACT_TEXT.subtitle} width={showDetails ? 1040 : 720}>
      {showFormOnly && <Typography.Paragraph className={styles.formOnly}>{CONTACT_TEXT.formOnly}</Typography.Paragraph>}
      <Row gutter={[24, 0]}>
        {showDetails && (
          <Col xs={24} md={9}>
            <ContactDetailsPanel contact={contact} />
          </Col>
        )}
        <Col xs={24} md={showDetails ? 15 : 24}>
          <Panel label={CONTACT_TEXT.formTitle}>
            {sent ? (
              <Result
                status="success"
                title={<span role="status">{CONTACT_TEXT.thanks}</span>}
                subTitle={CONTACT_TEXT.thanksDetail}
                extra={<Button onClick={another}>{CONTACT_TEXT.sendAnother}</Button>}
              />
            ) : (
              <>
                <PanelTitle>{CONTACT_TEXT.formTitle}</PanelTitle>
                <Form<ContactFields>
                  form={form}
                  layout="vertical"
                  requiredMark={false}
                  size="large"
                  onFinish={() => setSent(true)}
                >
                  <Row gutter={16}>
                    <Col xs={24} sm={12}>
                      <Form.Item
                        name="name"
                        label={CONTACT_TEXT.name}
                        rules={[{ required: true, whitespace: true, message: CONTACT_TEXT.nameRequired }]}
                      >
                        <Input autoComplete="name" maxLength={50} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12}>
                      <Form.Item
                        name="email"
                        label={CONTACT_TEXT.emailField}
                        rules={emailRules(CONTACT_TEXT.emailRequired, CONTACT_TEXT.emailInvalid)}
                      >
                        <Input type="email" autoComplete="email" maxLength={254} />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Form.Item
                    name="subject"
                    label={CONTACT_TEXT.subject}
                    rules={[{ required: true, whitespace: true, message: CONTACT_TEXT.subjectRequired }]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item
                    name="message"
                    label={CONTACT_TEXT.message}
                    rules={[{ required: true, whitespace: true, message: CONTACT_TEXT.messageRequired }]}
                  >
                    <Input.TextArea rows={5} maxLength={2000} showCount placeholder={CONTACT_TEXT.messagePlaceholder} />
                  </Form.Item>
                  <Button type="primary" htmlType="submit">
                    {CONTACT_TEXT.submit}
                  </Button>
                </Form>
              </>
            )}
          </Panel>
        </Col>
      </Row>
    </SitePage>
  );
}
