// Numeric route parameters; null when the address holds something else (then nothing is fetched).
import { useParams } from 'react-router-dom';
import { idParam } from '@/lib/route-params';

export const useContestIdParam = () => idParam(useParams().contestId);
export const useGroupIdParam = () => idParam(useParams().groupId);
