"""Issue 15, RGI Major Campaigns (seed 001): Bataan Retreat rules kept in the summary and scenario."""
from docs import summary_of
from playaids.repository import Repository

ROOT = Repository.builtin()
def _summary():
    return " ".join(i.text.en for sec in summary_of("rgi-macarthur").sections for i in sec.items if i.text)


def test_no_return_from_the_bataan_peninsula():
    # l. 197: Bataan 半島に一旦入ったユニットは Olongapo や Layac へは戻れない
    assert "cannot return to Olongapo or Layac" in _summary()
    notes = " ".join(n["text"]["en"] for n in ROOT.scenario("rgi-macarthur", "bataan-retreat").notes)
    assert "cannot return to Olongapo or Layac" in notes


def test_landing_turn_road_move_exception():
    # l. 126: no road move the landing turn, except units already ashore supporting the landing's combat
    assert "units already ashore may still move to support the landing units' combat" in _summary()


def test_japan_allots_secretly_before_the_allied_set_up():
    # l. 180
    assert "secretly to the 5 zones before the Allied set-up" in _summary()


def test_damage_change_and_open_city_rules():
    s = _summary()
    assert "A single damage with no small unit left still removes a large unit" in s  # 損害: お釣りなし
    assert "the Allies may not attack Japanese units in Manila" in s  # Manila の無防備都市化
    assert "one more die, 5 at most" in s  # 日本軍の制空権 (最大5個まで)
