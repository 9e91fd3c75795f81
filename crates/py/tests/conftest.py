import cardroom
import pytest

GAME_IDS = list(cardroom.GAME_IDS)


@pytest.fixture(params=GAME_IDS)
def game_id(request):
    return request.param
