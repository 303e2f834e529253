/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma makes the JSX transform independent of which tsconfig the runner finds: tsx from
// the repository root, Vitest, the production build.)
import {
  Body,
  render,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { APP_TITLE, formatPrice } from '@b2b/shared';

/*
 * The one email layout (React Email): the shop's brand bar, a heading, the message, the order
 * (lines, total, ship-to, PO) when there is one, a button to the page it is about, and a footer
 * with the one-click unsubscribe of this kind and a link to all email preferences. Colours are
 * the web app's daisyUI theme (apps/web/src/index.css) in hex, since mail clients know no oklch.
 */

const colors = {
  primary: '#4f39f6',
  neutral: '#1d293d',
  text: '#0f172b',
  muted: '#62748e',
  page: '#f8fafc',
  border: '#e2e8f0',
  accent: '#ffb900',
};

export interface EmailOrderLine {
  name: string;
  quantity: number;
  price: number;
  lineTotal: number;
}

export interface EmailOrder {
  orderNumber: string;
  lines: EmailOrderLine[];
  /** The gross to pay (the net, before tax, on orders placed before tax was kept). */
  total: number;
  /** The net and each rate's tax, when any tax applies (absent on older notifications: one total). */
  net?: number;
  taxes?: { label: string; amount: number }[];
  poNumber: string;
  trackingRef: string;
  buyer: { name: string; email: string; company: string };
  shipTo: string[];
}

/** A finished import's counters (the rows of the file, by what became of them). */
export interface EmailImportSummary {
  fileName: string;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface NotificationEmailProps {
  title: string;
  /** Paragraphs of the message. */
  paragraphs: string[];
  action: { label: string; url: string };
  order?: EmailOrder | undefined;
  /** Cart items that go back to stock soon: what, how many, until when. */
  items?: { name: string; quantity: number; heldUntil: string }[] | undefined;
  importSummary?: EmailImportSummary | undefined;
  unsubscribe: { label: string; url: string };
  preferencesUrl: string;
}

const cell = { padding: '6px 0', fontSize: '14px', color: colors.text, verticalAlign: 'top' as const };

export function NotificationEmail({
  title,
  paragraphs,
  action,
  order,
  items,
  importSummary,
  unsubscribe,
  preferencesUrl,
}: NotificationEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{paragraphs[0] ?? title}</Preview>
      <Body
        style={{ backgroundColor: colors.page, fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif' }}
      >
        <Container style={{ maxWidth: '600px', margin: '0 auto', padding: '24px 12px' }}>
          <Section style={{ backgroundColor: colors.neutral, borderRadius: '16px 16px 0 0', padding: '16px 24px' }}>
            <Text style={{ margin: 0, color: '#ffffff', fontSize: '18px', fontWeight: 700 }}>
              <span
                style={{
                  display: 'inline-block',
                  width: '12px',
                  height: '12px',
                  marginRight: '10px',
                  borderRadius: '3px',
                  backgroundColor: colors.accent,
                }}
              />
              {APP_TITLE}
            </Text>
          </Section>
          <Section
            style={{
              backgroundColor: '#ffffff',
              border: `1px solid ${colors.border}`,
              borderTop: 'none',
              borderRadius: '0 0 16px 16px',
              padding: '8px 24px 24px',
            }}
          >
            <Heading as="h1" style={{ fontSize: '22px', color: colors.text, margin: '16px 0 8px' }}>
              {title}
            </Heading>
            {paragraphs.map((paragraph) => (
              <Text key={paragraph} style={{ fontSize: '15px', lineHeight: '22px', color: colors.text }}>
                {paragraph}
              </Text>
            ))}
            {order && <OrderDetails order={order} />}
            {items && items.length > 0 && (
              <Section style={{ margin: '8px 0 16px' }}>
                {items.map((item, index) => (
                  <Row key={`${item.name}-${index}`} style={{ borderBottom: `1px solid ${colors.border}` }}>
                    <Column style={cell}>{item.name}</Column>
                    <Column style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>
                      {item.quantity} units · until {item.heldUntil}
                    </Column>
                  </Row>
                ))}
              </Section>
            )}
            {importSummary && <ImportSummary summary={importSummary} />}
            <Button
              href={action.url}
              style={{
                backgroundColor: colors.primary,
                color: '#ffffff',
                borderRadius: '8px',
                padding: '12px 20px',
                fontSize: '15px',
                fontWeight: 600,
                textDecoration: 'none',
              }}
            >
              {action.label}
            </Button>
          </Section>
          <Text
            style={{
              fontSize: '12px',
              lineHeight: '18px',
              color: colors.muted,
              textAlign: 'center',
              marginTop: '16px',
            }}
          >
            You get this email because of your account at {APP_TITLE}.{' '}
            <Link href={unsubscribe.url} style={{ color: colors.muted, textDecoration: 'underline' }}>
              {unsubscribe.label}
            </Link>{' '}
            ·{' '}
            <Link href={preferencesUrl} style={{ color: colors.muted, textDecoration: 'underline' }}>
              Email preferences
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function OrderDetails({ order }: { order: EmailOrder }) {
  const buyer = [order.buyer.name, order.buyer.company].filter(Boolean).join(', ');
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <Text style={{ fontSize: '13px', color: colors.muted, margin: '0 0 4px' }}>
        Order <strong style={{ color: colors.text }}>{order.orderNumber}</strong>
        {order.poNumber ? ` · PO ${order.poNumber}` : ''}
        {order.trackingRef ? ` · Tracking ${order.trackingRef}` : ''}
      </Text>
      <Hr style={{ borderColor: colors.border, margin: '8px 0' }} />
      {order.lines.map((line, index) => (
        <Row key={`${line.name}-${index}`}>
          <Column style={cell}>
            {line.name}
            <br />
            <span style={{ color: colors.muted, fontSize: '13px' }}>
              {line.quantity} × {formatPrice(line.price)}
            </span>
          </Column>
          <Column style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>{formatPrice(line.lineTotal)}</Column>
        </Row>
      ))}
      <Hr style={{ borderColor: colors.border, margin: '8px 0' }} />
      {order.taxes && order.taxes.length > 0 && order.net !== undefined ? (
        <>
          <Row>
            <Column style={cell}>Net total</Column>
            <Column style={{ ...cell, textAlign: 'right' }}>{formatPrice(order.net)}</Column>
          </Row>
          {order.taxes.map((tax) => (
            <Row key={tax.label}>
              <Column style={{ ...cell, color: colors.muted }}>{tax.label}</Column>
              <Column style={{ ...cell, textAlign: 'right' }}>{formatPrice(tax.amount)}</Column>
            </Row>
          ))}
        </>
      ) : null}
      <Row>
        <Column style={{ ...cell, fontWeight: 700 }}>Total</Column>
        <Column style={{ ...cell, textAlign: 'right', fontWeight: 700 }}>{formatPrice(order.total)}</Column>
      </Row>
      <Row>
        {/* A long address breaks anywhere rather than push the ship-to column off a phone's screen. */}
        <Column
          style={{
            ...cell,
            width: '50%',
            paddingTop: '12px',
            paddingRight: '8px',
            wordBreak: 'break-word',
            overflowWrap: 'anywhere',
          }}
        >
          <span style={{ color: colors.muted, fontSize: '13px' }}>Buyer</span>
          <br />
          {buyer}
          <br />
          {order.buyer.email}
        </Column>
        <Column
          style={{ ...cell, width: '50%', paddingTop: '12px', wordBreak: 'break-word', overflowWrap: 'anywhere' }}
        >
          <span style={{ color: colors.muted, fontSize: '13px' }}>Ship to</span>
          {order.shipTo.map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
        </Column>
      </Row>
    </Section>
  );
}

function ImportSummary({ summary }: { summary: EmailImportSummary }) {
  const counts = [
    ['Created', summary.created],
    ['Updated', summary.updated],
    ['Unchanged', summary.unchanged],
    ['Failed', summary.failed],
  ] as const;
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      {summary.fileName && (
        <Text style={{ fontSize: '13px', color: colors.muted, margin: '0 0 4px' }}>
          File <strong style={{ color: colors.text }}>{summary.fileName}</strong>
        </Text>
      )}
      <Hr style={{ borderColor: colors.border, margin: '8px 0' }} />
      {/* One line per count (not two columns): the plain-text part then reads "Created: 2 rows". */}
      {counts.map(([label, count]) => (
        <Text
          key={label}
          style={{
            ...cell,
            margin: 0,
            borderBottom: `1px solid ${colors.border}`,
            color: label === 'Failed' && count > 0 ? '#c10007' : colors.text,
          }}
        >
          {label}: <strong>{count.toLocaleString('en-US')}</strong> {count === 1 ? 'row' : 'rows'}
        </Text>
      ))}
    </Section>
  );
}

/** The email as HTML and as plain text (for clients that show no HTML, and for spam filters). */
export async function renderEmail(props: NotificationEmailProps): Promise<{ html: string; text: string }> {
  const element = <NotificationEmail {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html: asciiHtml(html), text };
}

/**
 * Every character past ASCII as a numeric reference (— as &#8212;): the HTML then reads the same
 * whatever charset a mail client or catcher assumes for it (MailDev showed "Â·" for "·").
 */
export function asciiHtml(html: string): string {
  let out = '';
  for (const char of html) {
    const code = char.codePointAt(0) ?? 0;
    out += code > 127 ? `&#${code};` : char;
  }
  return out;
}
