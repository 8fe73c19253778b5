import { Anchor, Badge, Group, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalButton } from '../../components/ExternalButton';
import { LoadFailed } from '../../components/LoadFailed';
import { UserScreen } from '../../components/ScreenLayout';
import { Section } from '../../components/Section';
import { useLanguage } from '../../lib/i18n';
import { academyPages } from '../../lib/site-links';
import { usePurchasedCourses } from './api/get-purchased-courses';
import { useRecommendedCourses } from './api/get-recommended-courses';
import { CourseCard } from './components/CourseCard';
import { Loading } from '../../components/Loading';

/**
 * /course (spec 01 §2 "Courses screen"): the courses the account holds and those recommended,
 * each with its product, validity, price tag and a watch-now action (through the host in the
 * desktop client); a members' course whose membership has ended is shown locked, with renewal.
 * Up to three cards a row.
 */
export function CourseScreen() {
  return (
    <UserScreen screen="course">
      {(userId) => (
        <>
          <Purchased userId={userId} />
          <Recommended userId={userId} />
        </>
      )}
    </UserScreen>
  );
}

const grid = (children: ReactNode, label: string) => (
  <SimpleGrid
    component="ul"
    cols={{ base: 1, sm: 2, lg: 3 }}
    spacing="md"
    m={0}
    p={0}
    style={{ listStyle: 'none' }}
    aria-label={label}
  >
    {children}
  </SimpleGrid>
);

function Purchased({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const courses = usePurchasedCourses(userId);
  const pages = academyPages(language);
  let body;
  if (courses.isPending) body = <Loading />;
  else if (courses.isError)
    body = <LoadFailed message={t('course:purchased.loadFailed')} onRetry={() => void courses.refetch()} />;
  else if (courses.data.length === 0)
    body = (
      <Text c="dimmed">
        {t('course:purchased.empty')}{' '}
        <Anchor href={pages.home} target="_blank" rel="noopener noreferrer" underline="always">
          {t('course:purchased.browse')}
        </Anchor>
      </Text>
    );
  else
    body = grid(
      courses.data.map((course) => (
        <CourseCard
          key={course.lesson_id}
          name={course.lesson_name}
          product={course.lesson_product}
          saleWay={course.sale_way}
          validity={course.validity}
          footer={
            course.watchable ? (
              <ExternalButton href={course.link} size="sm" style={{ alignSelf: 'flex-start' }}>
                {t('course:watch')}
              </ExternalButton>
            ) : (
              <Group gap="xs">
                <Badge color="gray" variant="outline">
                  {t('course:locked')}
                </Badge>
                <ExternalButton href={pages.membership} size="sm" variant="light">
                  {t('course:renew')}
                </ExternalButton>
              </Group>
            )
          }
        />
      )),
      t('course:purchased.title'),
    );
  return <Section title={t('course:purchased.title')}>{body}</Section>;
}

function Recommended({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const courses = useRecommendedCourses(userId);
  if (courses.isPending) return <Loading />;
  if (courses.isError)
    return <LoadFailed message={t('course:recommended.loadFailed')} onRetry={() => void courses.refetch()} />;
  if (courses.data.length === 0) return null;
  return (
    <Section title={t('course:recommended.title')}>
      {grid(
        courses.data.map((course) => (
          <CourseCard
            key={course.id}
            name={course.name}
            product={course.jump_product}
            saleWay={course.sale_way}
            price={course.price}
            footer={
              <ExternalButton href={course.link} size="sm" variant="light" style={{ alignSelf: 'flex-start' }}>
                {t('course:watch')}
              </ExternalButton>
            }
          />
        )),
        t('course:recommended.title'),
      )}
    </Section>
  );
}
