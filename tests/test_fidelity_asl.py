"""Issue 15, ASL Chapter G (seed 003): the summary keeps G11.1's non-dry stream clause."""
from docs import summary_of


def test_caves_never_at_the_bottom_of_a_non_dry_stream():
    # G11.1: 「乾燥していない小川の底にも配置できない」
    texts = [i.text for sec in summary_of("asl-chapter-g").sections for i in sec.items if i.text]
    place = [t for t in texts if "Depression" in t.en and "Water Obstacle" in t.en][0]
    assert "乾燥していない小川の底" in place.ja and "at the bottom of a non-dry stream" in place.en
