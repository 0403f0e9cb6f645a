import { CoreValues } from './CoreValues';
import { LeadershipTeam } from './LeadershipTeam';
import { MissionVision } from './MissionVision';
import { WhyNewJersey } from './WhyNewJersey';

/** The sections both About pages tell the company's story with: mission, New Jersey, values, leadership. */
export function CompanyStory() {
  return (
    <>
      <MissionVision />
      <WhyNewJersey />
      <CoreValues />
      <LeadershipTeam />
    </>
  );
}
