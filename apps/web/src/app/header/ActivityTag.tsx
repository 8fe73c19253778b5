import { Badge } from '@mantine/core';
import { useActivityTag } from './api/get-activity-tag';
import classes from './header.module.css';

/** Only web links are opened from the header (the tag comes from the server's operators). */
const webLink = /^https?:\/\//i;

/** The running campaign's tag beside the membership link; nothing when none is running. */
export function ActivityTag() {
  const { data: tag } = useActivityTag(true);
  if (!tag || !tag.name || !webLink.test(tag.url)) return null;
  return (
    <Badge
      component="a"
      href={tag.url}
      target="_blank"
      rel="noopener"
      size="xs"
      color="red"
      variant="filled"
      className={classes.tag}
      data-testid="activity-tag"
    >
      {tag.name}
    </Badge>
  );
}
