import { Accordion, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toQuestionAnswers } from './translated-content';

/** The questions of the `faq` namespace as an accordion; used by the public and in-app FAQ. */
export function FaqList({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const { t } = useTranslation('faq');
  const items = toQuestionAnswers(t('items', { returnObjects: true }));

  return (
    <Accordion variant="separated" radius="md" order={headingOrder} multiple>
      {items.map((item, index) => (
        <Accordion.Item key={index} value={`faq-${index}`}>
          <Accordion.Control>
            <Text component="span" fw={600}>
              {item.question}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text c="dark.7" style={{ whiteSpace: 'pre-line' }}>
              {item.answer}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
