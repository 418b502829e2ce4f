import { ClockCircleOutlined, EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Result, Row, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { emailRules } from '../components/emailRules';
import { Panel, SitePage } from '../components/SitePage';
import { CONTACT_TEXT } from '../texts';

interface ContactFields {
  name: string;
  email: string;
  subject: string;
  message: string;
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 12, marginBottom: 16 }}>
      <span aria-hidden style={{ color: '#C2185B', fontSize: 18, lineHeight: '24px' }}>
        {icon}
      </span>
      <div>
        <dt style={{ color: '#8c6b78', fontSize: 13 }}>{label}</dt>
        <dd style={{ margin: 0, fontSize: 15 }}>{children}</dd>
      </div>
    </div>
  );
}

/** Spec 1 sections 2, 5 and 8: the address block and a form that thanks the sender without calling the server. */
export default function ContactPage() {
  const [form] = Form.useForm<ContactFields>();
  const [sent, setSent] = useState(false);

  const another = () => {
    form.resetFields();
    setSent(false);
  };

  return (
    <SitePage title={CONTACT_TEXT.title} subtitle={CONTACT_TEXT.subtitle} width={1040}>
      <Row gutter={[24, 0]}>
        <Col xs={24} md={9}>
          <Panel label={CONTACT_TEXT.detailsTitle}>
            <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
              {CONTACT_TEXT.detailsTitle}
            </Typography.Title>
            <dl style={{ margin: 0 }}>
              <Detail icon={<EnvironmentOutlined />} label={CONTACT_TEXT.addressLabel}>
                {CONTACT_TEXT.address}
              </Detail>
              <Detail icon={<PhoneOutlined />} label={CONTACT_TEXT.phoneLabel}>
                <a href={`tel:${CONTACT_TEXT.phone.replace(/\s/g, '')}`}>{CONTACT_TEXT.phone}</a>
              </Detail>
              <Detail icon={<MailOutlined />} label={CONTACT_TEXT.emailLabel}>
                <a href={`mailto:${CONTACT_TEXT.email}`}>{CONTACT_TEXT.email}</a>
              </Detail>
              <Detail icon={<ClockCircleOutlined />} label={CONTACT_TEXT.hoursLabel}>
                {CONTACT_TEXT.hours}
              </Detail>
            </dl>
          </Panel>
        </Col>
        <Col xs={24} md={15}>
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
                <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
                  {CONTACT_TEXT.formTitle}
                </Typography.Title>
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
